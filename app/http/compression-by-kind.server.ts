import zlib from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";

/**
 * How CSV downloads are compressed (decision 0097). At the middleware's defaults (brotli quality
 * 4, which browsers get, and gzip level 6) compression cost 2.2-2.4 s of CPU per million exported
 * rows (175 MB), more than PostgreSQL spends writing them. At brotli quality 1 and gzip level 1 it
 * costs 0.7 and 1.0 s, for 42 and 39 MB instead of 30 and 36.
 */
export const CSV_COMPRESSION = { level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } };

/** A download of a grid's or a report's rows: its path names a .csv file. */
function isCsvDownload(path: string): boolean {
  return path.endsWith(".csv");
}

/** Compression at the middleware's defaults for pages and the API, and at CSV_COMPRESSION for CSV downloads. */
export function compressionByKind(): RequestHandler {
  const pages = compression();
  const downloads = compression(CSV_COMPRESSION);
  return (req, res, next) => (isCsvDownload(req.path) ? downloads : pages)(req, res, next);
}
