import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Button, Card, Group, NativeSelect, Stack, Textarea } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useMemo } from "react";

export interface FeedbackTopic {
  code: string;
  label: string;
}

interface FeedbackFormProps {
  topics: FeedbackTopic[];
  maxLength: number;
  lastResult: SubmissionResult<string[]> | undefined;
}

/** Submit Feedback: a topic and a message, validated on the server. */
export function FeedbackForm({ topics, maxLength, lastResult }: FeedbackFormProps) {
  const [form, fields] = useForm<{ topic: string; message: string }>({ id: "feedback", lastResult });
  const options = useMemo(() => [{ value: "", label: "Select a topic" }, ...topics.map((topic) => ({ value: topic.code, label: topic.label }))], [topics]);
  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <Form method="post" {...getFormProps(form)} aria-label="Submit Feedback">
        <Stack gap="md">
          <NativeSelect
            key={fields.topic.key}
            id={fields.topic.id}
            name={fields.topic.name}
            label="Topic"
            required
            defaultValue={fields.topic.initialValue ?? ""}
            data={options}
            error={fields.topic.errors?.[0]}
          />
          <Textarea
            key={fields.message.key}
            id={fields.message.id}
            name={fields.message.name}
            label="Message"
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={maxLength}
            defaultValue={fields.message.initialValue ?? ""}
            error={fields.message.errors?.[0]}
          />
          <Group justify="flex-end">
            <Button type="submit">Submit</Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}
