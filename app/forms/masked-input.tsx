import { TextInput, type TextInputProps } from "@mantine/core";
import type { ChangeEvent } from "react";
import { maskAttributes, maskTyped, type InputMask } from "./input-mask";

/** Puts an input's text in its mask as it is typed or pasted, keeping the caret after the same characters. */
export function applyMask(input: HTMLInputElement, mask: InputMask): void {
  const masked = maskTyped(mask, input.value);
  if (masked === input.value) return;
  const caret = input.selectionStart ?? input.value.length;
  const before = maskTyped(mask, input.value.slice(0, caret)).length;
  input.value = masked;
  const at = Math.min(before, masked.length);
  input.setSelectionRange(at, at);
}

export type MaskedInputProps = Omit<TextInputProps, "inputMode" | "pattern" | "maxLength" | "type"> & { mask: InputMask };

/**
 * A Mantine TextInput that takes only what its mask lets through (input-mask.ts). Uncontrolled, so
 * the server renders exactly the text it was given: without JavaScript a refused value comes back as
 * typed beside the server's words; with JavaScript every keystroke and paste is masked at once.
 * (Mantine's NumberInput rewrites a server-rendered value, "12.5" as "13" in a whole-number input:
 * decision 0067.)
 */
export function MaskedInput({ mask, onChange, ...props }: MaskedInputProps) {
  const { title, ...attributes } = maskAttributes(mask);
  return (
    <TextInput
      autoComplete="off"
      {...attributes}
      // The format in words: a browser without JavaScript shows it when a GET form's pattern stops Apply.
      title={title}
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        applyMask(event.currentTarget, mask);
        onChange?.(event);
      }}
    />
  );
}
