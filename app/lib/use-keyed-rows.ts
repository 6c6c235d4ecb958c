import { useState } from "react";

export type KeyedRow<Value> = Value & { key: number };

/**
 * The rows of an editor edited in place with JavaScript: each with a key of its own (React's, and
 * stable while rows are removed), a blank one added at the end, any removed or changed by key.
 */
export function useKeyedRows<Value extends object>(initial: readonly Value[], blank: Value) {
  const [rows, setRows] = useState<KeyedRow<Value>[]>(() => initial.map((value, key) => ({ ...value, key })));
  const [nextKey, setNextKey] = useState(initial.length);
  return {
    rows,
    change: (key: number, patch: Partial<Value>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row))),
    add: () => {
      setRows((current) => [...current, { ...blank, key: nextKey }]);
      setNextKey(nextKey + 1);
    },
    remove: (key: number) => setRows((current) => current.filter((candidate) => candidate.key !== key)),
  };
}
