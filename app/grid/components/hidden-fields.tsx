/** Carries the rest of the grid's state through a GET form (a GET form replaces the whole query). */
export function HiddenFields({ fields }: { fields: ReadonlyArray<readonly [string, string]> }) {
  return (
    <>
      {fields.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
