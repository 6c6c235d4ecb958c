import type { Compilable } from "kysely";
import { batchRows, streamRows } from "~/db/row-stream/stream-rows.server";

/** A grid's every matching row: a query streamed from the database, or any async iterable. */
export type RowSource<Row> = Compilable<Row> | AsyncIterable<Row>;

/** A RowSource, or one that needs a read of its own first (the Transactions grid's service names). */
export type AllRows<Row> = RowSource<Row> | Promise<RowSource<Row>>;

/** A grid's rows in batches, whether they come from a query (streamed) or any async iterable. */
export function batchesOf<Row>(source: RowSource<Row>): AsyncIterable<readonly Row[]> {
  return Symbol.asyncIterator in source ? batchRows(source) : streamRows(source);
}
