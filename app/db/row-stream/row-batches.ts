/**
 * Rows read in large pieces (a FETCH, a message from a reading thread), handed out as the export's
 * batches of `batchSize` (at least one row), each built into rows by `toRow`.
 */
export function* rowBatches<Raw, Row>(raw: readonly Raw[], batchSize: number, toRow: (raw: Raw) => Row): Generator<Row[], void, undefined> {
  const size = Math.max(1, Math.floor(batchSize));
  for (let start = 0; start < raw.length; start += size) yield raw.slice(start, start + size).map(toRow);
}
