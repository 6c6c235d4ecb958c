import { serveCsvExports } from "~/grid/csv-worker/serve-csv-exports";
import { csvCellsWriters } from "./cells-writers";

/**
 * The CSV export worker's entry (decision 0091): bundled into build/remix/csv-export-worker.js by
 * scripts/build-server.mjs, run from this source through tsx elsewhere (csv-worker-pool.server.ts).
 */
serveCsvExports(csvCellsWriters);
