import type { GridDefinition, GridState } from "./definition";

/**
 * The `cursor` of a cursor-paged grid: an opaque token for "the page after (or before) this row".
 * It carries the boundary row's key (its sort value and its id, the tiebreak), how many rows lie
 * before that boundary (so the page can say '41–60 of N'), and a fingerprint of what selects and
 * orders the rows (sort, direction, size, dates, filters, the grid's own parameters). A cursor that
 * cannot be read, or whose fingerprint no longer matches the URL (the filters or the sort changed),
 * is dropped by the URL parser: the canonical redirect shows the first page, visibly.
 *
 * Cursors are not a security boundary: their values are bound as SQL parameters and the provider
 * scope is applied by the query whatever the cursor says.
 */
export const CURSOR_PARAM = "cursor";

/** A row's place in the grid's order: its sort value, then its id. */
export type CursorKey = readonly (string | number)[];

/** Which way to read from a key: the rows after it in grid order, or the rows before it. */
export interface Seek {
  direction: "after" | "before";
  key: CursorKey;
}

export interface GridCursor extends Seek {
  /** Rows before the boundary the key marks (the first row of an `after` page, the end of a `before` page). */
  at: number;
}

const MAX_CURSOR_LENGTH = 1_000;
const MAX_KEY_PARTS = 4;
const MAX_KEY_TEXT = 200;
const MAX_POSITION = 1_000_000_000;

/** 32-bit FNV-1a: cheap and stable; it detects a cursor from another query, it does not authenticate one. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** What a cursor belongs to: everything that selects or orders the rows, or sizes the page. */
export function cursorFingerprint(definition: GridDefinition, state: GridState): string {
  const rowParams = (definition.params ?? []).filter((param) => !param.withExpanded);
  return fnv1a(
    JSON.stringify([
      state.sort,
      state.dir,
      state.size,
      state.from,
      state.to,
      definition.filters.map((filter) => state.filters[filter.id] ?? []),
      rowParams.map((param) => state.params[param.id] ?? null),
    ]),
  );
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(cursor: GridCursor, fingerprint: string): string {
  return toBase64Url(JSON.stringify({ d: cursor.direction === "after" ? "a" : "b", k: cursor.key, n: cursor.at, f: fingerprint }));
}

function isKeyPart(value: unknown): value is string | number {
  return (typeof value === "string" && value.length <= MAX_KEY_TEXT) || (typeof value === "number" && Number.isFinite(value));
}

/** The cursor a URL value stands for; null when it cannot be read or belongs to another query. */
export function decodeCursor(raw: string, fingerprint: string): GridCursor | null {
  if (raw.length === 0 || raw.length > MAX_CURSOR_LENGTH) return null;
  const text = fromBase64Url(raw);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { d, k, n, f } = value as Record<string, unknown>;
  if (f !== fingerprint || (d !== "a" && d !== "b")) return null;
  if (!Array.isArray(k) || k.length === 0 || k.length > MAX_KEY_PARTS || !k.every(isKeyPart)) return null;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > MAX_POSITION) return null;
  return { direction: d === "a" ? "after" : "before", key: k, at: n };
}
