import { describe, expect, it } from "vitest";
import { columnAsk, columnWidths, textWidthInCh } from "~/grid/column-fit";
import type { ShownColumn } from "~/grid/column-layout";
import type { GridRow } from "~/grid/grid-view";

const column = (id: string, width: ShownColumn["width"]): ShownColumn => ({ id, label: id, fullLabel: id, sortable: true, group: null, width, align: "start" });
const rows: GridRow[] = [
  { id: "1", cells: { name: "Keystone Remote Diagnostics", code: "KRD", empty: "" } },
  { id: "2", cells: { name: "Gulf Coast", code: "GCS" } },
];

describe("column widths from the page's cells (decision 0073)", () => {
  it("estimates capitals and m/w wider than narrow letters", () => {
    expect(textWidthInCh("WWW")).toBeGreaterThan(textWidthInCh("iii") * 2);
    expect(textWidthInCh("KRD")).toBeGreaterThan(textWidthInCh("krd"));
  });

  it("asks for the widest text plus an ellipsis, at most the class's cap, and nothing for an empty column", () => {
    expect(columnAsk(column("code", "short"), rows)).toBeCloseTo(textWidthInCh("KRD") + 1, 1);
    expect(columnAsk(column("name", "medium"), rows)).toBe(13);
    expect(columnAsk(column("empty", "wide"), rows)).toBe(0);
  });

  it("shares a fitting grid's width in proportion to the asks, and asks in ch for a wide grid", () => {
    const columns = [column("name", "medium"), column("code", "short"), column("empty", "wide")];
    const shares = columnWidths(columns, rows, false);
    expect(shares.get("empty")).toBe("0%");
    const percent = (id: string) => parseFloat(shares.get(id) ?? "");
    expect(percent("name")).toBeGreaterThan(percent("code"));
    expect(percent("name") + percent("code")).toBeLessThanOrEqual(100);
    expect(columnWidths(columns, rows, true).get("name")).toBe("calc(13ch + 10px)");
    expect(columnWidths(columns, [], false).get("name")).toBe("auto");
  });
});
