import { postgresCopyCsv } from "~/db/row-stream/postgres-copy-csv";
import { holdRowStream } from "~/db/row-stream/stream-rows.server";
import type { CsvChunkSource } from "../chunked-csv-response.server";
import { CopyCsvChunks } from "./copy-csv-chunks";

/**
 * An export whose CSV PostgreSQL writes (decision 0097), read on the request thread: per chunk the
 * thread only splits COPY's protocol messages and rewrites the record ends, less than compressing
 * the chunk costs, so no worker is needed. It counts as an open row stream until its connection
 * is released. Null when the database cannot write the portal's CSV (postgresCopyCsv).
 */
export async function openCopyCsvExport(url: string, select: string, headerRows: readonly (readonly string[])[]): Promise<CsvChunkSource | null> {
  const release = holdRowStream();
  try {
    const source = await postgresCopyCsv(url, select);
    if (!source) {
      release();
      return null;
    }
    return new CopyCsvChunks(source, headerRows, release);
  } catch (error) {
    release();
    throw error;
  }
}
