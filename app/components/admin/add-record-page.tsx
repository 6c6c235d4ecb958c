import { Card, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ComponentType, ReactNode } from "react";
import { FormButtons } from "~/components/form-buttons";
import type { CreateFormPageData } from "~/write-path/create-form";
import { CreateFormFields } from "./create-form-fields";

/**
 * An admin screen's add page without JavaScript (the grid's link opens it with ?returnTo=<the grid
 * page>): the form with the way back and its one-time token, the fields, Cancel and the submit.
 */
export function AddRecordPage({
  title,
  page,
  submitLabel,
  FormFrame,
  children,
}: {
  title: string;
  page: CreateFormPageData;
  submitLabel: string;
  /** Around the form, to see its submit first (a check that can stop it). */
  FormFrame?: ComponentType<{ children: ReactNode }>;
  /** The form's fields. */
  children: ReactNode;
}) {
  const form = (
    <Form method="post" aria-label={title} noValidate>
      <Stack gap="md">
        <CreateFormFields page={page} />
        {children}
        <FormButtons submitLabel={submitLabel} back={page.returnTo} />
      </Stack>
    </Form>
  );
  return (
    <Card withBorder padding="lg" maw={1000}>
      <Title order={1} size="h4" mb="md">
        {title}
      </Title>
      {FormFrame ? <FormFrame>{form}</FormFrame> : form}
    </Card>
  );
}
