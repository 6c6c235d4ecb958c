import { PasswordInput, Textarea, TextInput } from "@mantine/core";
import type { ConfigValueType } from "~/db/types";
import { codeLabelRowsOf, FIELDS, paramLabelsOf } from "~/modules/configurations/editor-values";
import { BillingRuleEditor } from "./billing-rule-editor";
import { CodeLabelsEditor } from "./code-labels-editor";

/** A stored JSON text laid out for reading; a text that does not parse as it is. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export interface ValueEditorProps {
  type: ConfigValueType;
  /** The value's text to start from; ignored for ENCRYPT, which is never prefilled. */
  text: string;
  /** ENCRYPT on an existing entry: the mask of the stored secret. */
  storedSecret: string | null;
  editable: boolean;
  error?: string;
}

/** The editor of a configuration's value, by its type (platform spec §3, §5). */
export function ValueEditor({ type, text, storedSecret, editable, error }: ValueEditorProps) {
  switch (type) {
    case "JSON":
      return (
        <Textarea
          name={FIELDS.configValue}
          label="Value"
          defaultValue={readable(text)}
          error={error}
          disabled={!editable}
          autosize
          minRows={4}
          maxRows={18}
          spellCheck={false}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        />
      );
    case "TEXT":
      return <TextInput name={FIELDS.configValue} label="Value" defaultValue={text} error={error} disabled={!editable} />;
    case "ENCRYPT":
      return (
        <PasswordInput
          name={FIELDS.configValue}
          label="Value"
          autoComplete="new-password"
          error={error}
          disabled={!editable}
          description={
            storedSecret === null
              ? "Stored encrypted; it is never shown again."
              : `Stored value: ${storedSecret}. A new value replaces it; leave this empty to keep it.`
          }
        />
      );
    case "BILLING_RULE":
      return <BillingRuleEditor labels={paramLabelsOf(text)} editable={editable} error={error} />;
    case "LIST_CODE_LABELS":
      return <CodeLabelsEditor rows={codeLabelRowsOf(text)} editable={editable} error={error} />;
  }
}
