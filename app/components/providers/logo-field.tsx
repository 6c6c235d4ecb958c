import { Input } from "@mantine/core";
import { useId } from "@mantine/hooks";
import { useState, type ChangeEvent } from "react";
import { checkLogoFile } from "~/modules/providers/logo-file";

interface LogoFieldProps {
  name: string;
  /** The input's accessible name ("New logo of <provider>"). */
  ariaLabel: string;
  /** The server's refusal of the last Save's logo, shown until another file is chosen. */
  serverError: string | undefined;
}

/**
 * The provider's 'New logo' file input (platform spec §5 Logo: jpeg, jpg, png only, other types
 * discarded). With JavaScript a chosen file is checked at once, by its bytes as the server checks
 * them, and a wrong one is discarded with the reason beside the field; without JavaScript Save sends
 * it and the server refuses it with the same words.
 */
export function LogoField({ name, ariaLabel, serverError }: LogoFieldProps) {
  const id = useId();
  // undefined: nothing chosen since the page came (the server's word stands); null: a good file chosen.
  const [problem, setProblem] = useState<string | null | undefined>(undefined);
  const error = problem === undefined ? serverError : (problem ?? undefined);

  const check = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) {
      setProblem(null);
      return;
    }
    const result = await checkLogoFile(file);
    // Another file was chosen while this one was read: its own check answers.
    if (input.files?.[0] !== file) return;
    if (!result.ok) input.value = "";
    setProblem(result.ok ? null : result.message);
  };

  return (
    <Input.Wrapper id={id} label="New logo" description="JPEG or PNG, at most 1 MB" error={error}>
      <input
        id={id}
        type="file"
        name={name}
        accept="image/png,image/jpeg"
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-description`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => void check(event.currentTarget)}
      />
    </Input.Wrapper>
  );
}
