import { Fragment } from "react";
import { labelParts } from "~/grid/cell-display";

/** A column's label, allowed to break between the words of a run-together label (no character added). */
export function HeaderLabel({ label }: { label: string }) {
  const parts = labelParts(label);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={`${index}-${part}`}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
