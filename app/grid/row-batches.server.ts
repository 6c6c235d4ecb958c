import type { Compilable } from "kysely";
import { batchRows, streamRows } from "~/db/row-stream/stream-rows.server";

/** A grid's rows in batches, whether they come from a query (streamed) or any async iterable. */
export function batchesOf<Row>(source: Compilable<Row> | AsyncIterable<Row>): AsyncIterable<readonly Row[]> {
  return Symbol.asyncIterator in source ? batchRows(source) : streamRows(source);
}
