import { describe, expect, it } from "vitest";
import { rowsSeen, type ProviderMarkers } from "../support/provider-markers";

/** The hostile input walk's leak detector, on made-up rows: provider 1 is the visitor's, 2 another. */
const markers: ProviderMarkers = {
  providerId: 1,
  ownVins: new Set(["1HGCM82633A004352"]),
  foreignVins: new Set(["JH4KA7561PC008269"]),
  owners: {
    scan: new Map([
      [5, 1],
      [7, 2],
    ]),
    quote: new Map([[3, 2]]),
    document: new Map([[14, 2]]),
  },
  ids: { own: [5], foreign: [7, 3, 14] },
};

describe("which rows a body shows", () => {
  it("finds another provider's VINs and linked rows, and the visitor's own", () => {
    const body =
      '<td>JH4KA7561PC008269</td><a href="/transactions/7?back=%2Ftransactions">7</a><a href="/transactions/quotes/3">q</a><a href="/transactions/documents/14/download">d</a><td>1HGCM82633A004352</td><a href="/transactions/5">5</a>';
    expect(rowsSeen(body, "/transactions", markers)).toEqual({
      forbidden: ["VIN JH4KA7561PC008269", "scan 7 of provider 2", "quote 3 of provider 2", "document 14 of provider 2"],
      own: true,
    });
  });

  it("counts every row as forbidden for a visitor who may see none", () => {
    expect(rowsSeen('<a href="/transactions/5">x</a> 1HGCM82633A004352', "/home", markers, true).forbidden).toEqual(["VIN 1HGCM82633A004352", "scan 5"]);
  });

  it("leaves out what the request itself carried, and ids that are no whole path segment", () => {
    const body = '<input name="vin" value="JH4KA7561PC008269"><input name="returnTo" value="/transactions/7"><input value="/transactions/1e2">';
    expect(rowsSeen(body, "/transactions?vin=jh4ka7561pc008269&back=/transactions/7", markers)).toEqual({ forbidden: [], own: false });
    expect(rowsSeen('<input value="/transactions/7e1">', "/transactions/7e1", markers).forbidden).toEqual([]);
  });
});
