import { SimpleGrid, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/user-session.server";
import { ServiceBuildCard } from "~/components/build-info/service-build-card";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { serviceBuilds } from "~/modules/build-info/service-builds.server";
import { userTimeZone } from "~/platform/time-zone.server";

/** The build-info screen (its route is not in the spec's table; any signed-in user may open it). */
const TITLE = "Build Info";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const { timeZone } = await userTimeZone(request, user.id);
  return { builds: serviceBuilds(timeZone) };
}

export default function BuildInfoPage() {
  const { builds } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <Title order={1}>{TITLE}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {builds.map((build) => (
          <ServiceBuildCard key={build.service} build={build} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
