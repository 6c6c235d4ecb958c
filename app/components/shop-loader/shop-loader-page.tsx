import { Alert, Button, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { exactCount } from "~/lib/number-format";
import type { MapsTimeZoneCheck } from "~/modules/shop-loader/maps-time-zone-check.server";
import { MAX_SHOP_DOCUMENTS, SHOP_LOADER_FIELD } from "~/modules/shop-loader/shop-document";
import type { ShopLoaderAnswer } from "~/modules/shop-loader/shop-loader-page.server";
import { ShopDocumentGuide } from "./shop-document-guide";
import { ShopLoaderReport } from "./shop-loader-report";

export const SHOP_LOADER_TITLE = "Shop document loader";

/**
 * The shop document loader (dashboards spec §2.8): pasted JSON, Submit, and the report of what
 * each record became. A form and its answer page, the same with and without JavaScript.
 */
export function ShopLoaderPage({ answer, maps, example }: { answer: ShopLoaderAnswer | undefined; maps: MapsTimeZoneCheck; example: string | null }) {
  const submitting = useNavigation().state === "submitting";
  const pasted = answer && answer.kind !== "report" ? answer.pasted : (example ?? "");
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>{SHOP_LOADER_TITLE}</Title>
      <Text size="sm">
        Paste one shop search-index document or a list of them (at most {exactCount(MAX_SHOP_DOCUMENTS)}). A record whose master_location_id exists is skipped;
        license_num is zero-padded to 6 digits; the state name, country USA and user DIP_ADMIN are filled in.
      </Text>
      <Text size="sm" c={maps.configured && !maps.answered ? "red.8" : "gray.7"} aria-label="Maps time-zone service">
        {maps.configured
          ? `Maps time-zone service: ${maps.answered ? "answered" : "did not answer"} (${maps.detail})`
          : "No maps time-zone URL is configured (MAPS_TIME_ZONE_URL)."}
      </Text>
      <ShopDocumentGuide />
      {answer?.kind === "problem" ? (
        <Alert color="red" title="Nothing was loaded" role="alert">
          {answer.problem}
        </Alert>
      ) : null}
      {answer?.kind === "failed" ? (
        <Alert color="red" title="Fail" role="alert">
          {answer.message}
        </Alert>
      ) : null}
      {answer?.kind === "report" ? <ShopLoaderReport report={answer.report} /> : null}
      <Form method="post" aria-label={SHOP_LOADER_TITLE}>
        <Stack gap="sm">
          <Textarea
            key={pasted}
            name={SHOP_LOADER_FIELD}
            label="Shop documents (JSON)"
            defaultValue={pasted}
            autosize
            minRows={10}
            maxRows={24}
            spellCheck={false}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
