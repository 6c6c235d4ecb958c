import type { FieldMetadata } from "@conform-to/react";

/** An uncontrolled Mantine input bound to a conform field: its name, the value to start from and its first error. */
export function textFieldProps(field: FieldMetadata<unknown>) {
  const initial = field.initialValue;
  return {
    id: field.id,
    name: field.name,
    defaultValue: typeof initial === "string" ? initial : "",
    error: field.errors?.[0],
  };
}

/** A field's list value as conform holds it (one value is a string, none is undefined). */
export function listValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" && value !== "" ? [value] : [];
}
