import { describe, expect, it } from "vitest";
import { cursorPaging, type CursorPage } from "~/grid/cursor-page.server";
import type { GridDefinition, GridState } from "~/grid/definition";
import { cursorFingerprint, decodeCursor, encodeCursor } from "~/grid/grid-cursor";
import { cursorHref, expandHref, panelHref, sizeHref, sortHref, withoutFilterHref, type GridLinks } from "~/grid/grid-links";
import { rememberedPart } from "~/grid/remembered-query.server";
import { gridSearch, parseGridUrl } from "~/grid/url-state";
import { probeGrid } from "../support/probe-grid";

/** Cursor paging: the opaque cursor, its checks in the URL parser, the links that keep or drop it, and the neighbours' cursors. */
const grid = probeGrid;
const offsetGrid: GridDefinition = { ...grid, id: "offset", path: "/offset", paging: undefined };

const context = { today: "2026-08-15" };
const parse = (query: string, definition: GridDefinition = grid) => parseGridUrl(definition, new URLSearchParams(query), context);
const firstState = parse("").state;
const cursorFor = (state: GridState, at = 10, key: readonly (string | number)[] = [42, 7]) =>
  encodeCursor({ direction: "after", key, at }, cursorFingerprint(grid, state));
const linksOf = (state: GridState): GridLinks => ({ definition: grid, state, today: context.today });

describe("the cursor", () => {
  it("reads back what it was written with, and nothing else", () => {
    const fingerprint = cursorFingerprint(grid, firstState);
    const cursor = encodeCursor({ direction: "before", key: ["2026-07-01T10:00:00.000Z", 12], at: 30 }, fingerprint);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, fingerprint)).toEqual({ direction: "before", key: ["2026-07-01T10:00:00.000Z", 12], at: 30 });
    for (const bad of ["", "x", "!!!", cursor.slice(0, -3), `${cursor}A`, "a".repeat(2000), btoa('{"d":"a","k":[],"n":0}')]) {
      expect(decodeCursor(bad, fingerprint)).toBeNull();
    }
    const forged = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
    expect(decodeCursor(forged({ d: "a", k: [1, 2], n: 0, f: fingerprint }), fingerprint)).not.toBeNull();
    expect(decodeCursor(forged({ d: "a", k: [{ x: 1 }, 2], n: 0, f: fingerprint }), fingerprint)).toBeNull();
    expect(decodeCursor(forged({ d: "a", k: [1, 2], n: -1, f: fingerprint }), fingerprint)).toBeNull();
    expect(decodeCursor(forged({ d: "z", k: [1, 2], n: 0, f: fingerprint }), fingerprint)).toBeNull();
  });

  it("belongs to one query: another sort, direction, size or filter gives another fingerprint; columns do not", () => {
    const base = cursorFingerprint(grid, firstState);
    expect(cursorFingerprint(grid, parse("sort=name").state)).not.toBe(base);
    expect(cursorFingerprint(grid, parse("dir=asc").state)).not.toBe(base);
    expect(cursorFingerprint(grid, parse("size=20").state)).not.toBe(base);
    expect(cursorFingerprint(grid, parse("name=Ab").state)).not.toBe(base);
    expect(cursorFingerprint(grid, parse("cols=name").state)).toBe(base);
  });
});

describe("a cursor in the URL", () => {
  it("is kept when it belongs to the query, and written back as it came", () => {
    const cursor = cursorFor(firstState);
    const { state, corrections } = parse(`cursor=${cursor}`);
    expect(corrections).toEqual([]);
    expect(state.cursor).toBe(cursor);
    expect(gridSearch(grid, state, context)).toBe(`cursor=${cursor}`);
  });

  it("is dropped, visibly, when it cannot be read or belongs to another query (the first page is shown)", () => {
    const stale = cursorFor(firstState);
    for (const query of ["cursor=garbage", `cursor=${stale}&name=Ab`, `cursor=${stale}&sort=name`, `cursor=${stale}&size=20`]) {
      const { state, corrections } = parse(query);
      expect(state.cursor).toBeUndefined();
      expect(corrections).toEqual(["The link to this page no longer matches the list (it was changed or has expired); showing the first page."]);
    }
  });

  it("is not a parameter of an offset-paged grid, and page numbers are not one of a cursor-paged grid", () => {
    expect(parse("cursor=abc", offsetGrid)).toMatchObject({ corrections: ['"cursor" is not a filter of this grid (ignored).'] });
    expect(parse("cursor=abc", offsetGrid).state).not.toHaveProperty("cursor");
    expect(parse("page=3")).toMatchObject({ state: { page: 1 }, corrections: ["This list has no page numbers (page ignored)."] });
    expect(parse("page=3", offsetGrid).state.page).toBe(3);
  });

  it("is not remembered with the query", () => {
    expect(rememberedPart("name=Ab&cursor=xyz&size=20")).toBe("name=Ab&size=20");
  });
});

describe("the grid's links", () => {
  const cursor = cursorFor(firstState);
  const links = linksOf({ ...firstState, cursor, expanded: "7" });

  it("drop the cursor when sort, size or filters change what rows are shown", () => {
    expect(sortHref(links, "name")).toBe("/probe?sort=name");
    expect(sizeHref(links, 20)).toBe("/probe?size=20");
    const filtered = linksOf({ ...firstState, cursor, filters: { name: ["Ab"] } });
    expect(withoutFilterHref(filtered, "name", null)).toBe("/probe?clear=1");
  });

  it("keep it while the same page is looked at (a row opened or closed, a panel)", () => {
    expect(expandHref(links, null)).toBe(`/probe?cursor=${cursor}`);
    expect(panelHref(links, "columns")).toBe(`/probe?cursor=${cursor}&expanded=7&panel=columns`);
  });

  it("lead to a cursor's page, or back to the first page", () => {
    expect(cursorHref(links, "abc")).toBe("/probe?cursor=abc");
    expect(cursorHref(links, null)).toBe("/probe?clear=1");
    expect(cursorHref(linksOf({ ...firstState, filters: { name: ["Ab"] }, cursor }), null)).toBe("/probe?name=Ab");
  });
});

describe("the neighbours of a page", () => {
  const fingerprint = cursorFingerprint(grid, firstState);
  const page = (count: number, more: boolean, total: number | null = 35): CursorPage => ({
    rows: Array.from({ length: count }, (_, index) => ({ id: String(index), cells: {} })),
    firstKey: count > 0 ? [100, 1] : null,
    lastKey: count > 0 ? [50, 9] : null,
    more,
    total,
  });
  const read = (cursor: string | null) => (cursor === null ? null : decodeCursor(cursor, fingerprint));

  it("first page: no previous page, the next one after its last row", () => {
    const paging = cursorPaging(grid, firstState, null, page(10, true));
    expect(paging.start).toBe(0);
    expect(paging.previous).toBeNull();
    expect(read(paging.next)).toEqual({ direction: "after", key: [50, 9], at: 10 });
    expect(cursorPaging(grid, firstState, null, page(4, false)).next).toBeNull();
  });

  it("second page: the previous one is the first page; a deeper page reads backwards from its first row", () => {
    const second = cursorPaging(grid, firstState, { direction: "after", key: [1, 1], at: 10 }, page(10, true));
    expect(second).toMatchObject({ start: 10, previous: { cursor: null } });
    expect(read(second.next)).toMatchObject({ direction: "after", at: 20 });
    const third = cursorPaging(grid, firstState, { direction: "after", key: [1, 1], at: 20 }, page(10, false));
    expect(read(third.previous?.cursor ?? null)).toEqual({ direction: "before", key: [100, 1], at: 20 });
    expect(third.next).toBeNull();
  });

  it("a page read backwards: the next one after its last row; nothing more before means the start of the list", () => {
    const back = cursorPaging(grid, firstState, { direction: "before", key: [1, 1], at: 30 }, page(10, true));
    expect(back.start).toBe(20);
    expect(read(back.previous?.cursor ?? null)).toMatchObject({ direction: "before", at: 20 });
    expect(read(back.next)).toMatchObject({ direction: "after", key: [50, 9], at: 30 });
    const start = cursorPaging(grid, firstState, { direction: "before", key: [1, 1], at: 30 }, page(10, false));
    expect(start).toMatchObject({ start: 0, previous: null });
  });
});
