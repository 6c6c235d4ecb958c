/** A native checkbox with its label: a fraction of a Mantine Checkbox's markup, for long lists in forms. */
export function PlainCheckbox({ name, value, label, defaultChecked }: { name: string; value: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="portal-grid-check">
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} />
      <span>{label}</span>
    </label>
  );
}
