import { MantineProvider } from "@mantine/core";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { describe, expect, it } from "vitest";
import { DataGrid, type DetailActionContext } from "~/grid/components/data-grid";
import type { GridDefinition } from "~/grid/definition";
import type { GridActionAnswer } from "~/grid/grid-actions";
import type { GridRow, GridView } from "~/grid/grid-view";

/**
 * The grid's actions as the server renders them, which is what a browser without JavaScript gets:
 * forms posting to the grid page, the selection's buttons and 'Select all N', each row's Actions
 * cell, a confirmation, and a detail form's refusal handed back to the expanded row.
 */
async function render(element: ReactElement, url: string): Promise<string> {
  const handler = createStaticHandler([{ path: "/notes", element }]);
  const context = await handler.query(new Request(`http://portal.test${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(MantineProvider, null, createElement(StaticRouterProvider, { router, context, hydrate: false })));
}

const definition: GridDefinition = {
  id: "notes",
  path: "/notes",
  title: "Notes",
  columns: [
    { id: "id", label: "Id", defaultVisible: true, sortable: false },
    { id: "name", label: "Name", defaultVisible: true, sortable: false },
  ],
  filters: [],
  defaultSort: null,
  pageSizes: [10],
  defaultPageSize: 10,
  actions: [
    { intent: "rename", label: "Save", placement: "detail" },
    { intent: "remove", label: "Delete", placement: "selection", allMatching: true, confirm: "Delete the selected notes?" },
    { intent: "touch", label: "Touch", placement: "row" },
    { intent: "reindex", label: "Reindex", placement: "toolbar" },
  ],
};

const rows: GridRow[] = [
  { id: "n1", cells: { id: "n1", name: "alpha" } },
  { id: "n2", cells: { id: "n2", name: "beta" } },
];

function view(actions: string[], expanded: string | null = null): GridView<{ name: string }> {
  return {
    state: { page: 1, size: 10, sort: null, dir: "asc", cols: ["id", "name"], expanded, panel: null, from: null, to: null, filters: {}, params: {} },
    today: "2026-11-24",
    total: 2,
    rows,
    options: {},
    locked: {},
    search: expanded ? `expanded=${expanded}` : "",
    detail: expanded ? { name: "beta" } : null,
    actions,
  };
}

const seen: DetailActionContext[] = [];
const renderDetail = (detail: { name: string }, row: GridRow, actions: DetailActionContext) => {
  seen.push(actions);
  return createElement("p", { "data-testid": "detail" }, `${row.id}: ${detail.name}; errors: ${JSON.stringify(actions.lastResult?.error ?? {})}`);
};

const decode = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

describe("grid actions, rendered without JavaScript", () => {
  it("shows the actions the user may use as forms posting to the grid page", async () => {
    const html = decode(
      await render(createElement(DataGrid<{ name: string }>, { definition, view: view(["remove", "touch", "reindex"]), renderDetail }), "/notes"),
    );
    // The toolbar action: its own form, to the page itself.
    expect(html).toMatch(
      /<form method="post" action="\/notes"[^>]*><input type="hidden" name="intent" value="reindex"\/><input type="hidden" name="returnTo" value="\/notes\?clear=1"\/>/,
    );
    // The selection: checkboxes of the selection form, 'Select all N', the Delete button posting to the page.
    expect(html).toContain('id="notes-selection"');
    expect(html.match(/<input type="checkbox"[^>]*name="ids" form="notes-selection"[^>]*value="n\d"/g)).toHaveLength(2);
    expect(html).toMatch(/<input[^>]*name="all" form="notes-selection" type="checkbox" value="yes"/);
    expect(html).toContain("Select all 2 matching rows");
    expect(html).toMatch(/<button[^>]*type="submit" form="notes-selection" name="intent" value="remove" formMethod="post" formaction="\/notes">/);
    // Each row's Actions cell.
    expect(html).toContain(">Actions</th>");
    expect(html.match(/name="intent" value="touch"/g)).toHaveLength(2);
    expect(html).toContain('name="row" value="n2"');
  });

  it("leaves out what the user may not use", async () => {
    const html = decode(await render(createElement(DataGrid<{ name: string }>, { definition, view: view([]), renderDetail }), "/notes"));
    expect(rows.length).toBeGreaterThan(0);
    expect(html).not.toContain('value="reindex"');
    expect(html).not.toContain('value="remove"');
    expect(html).not.toContain('value="touch"');
    expect(html).not.toContain("notes-selection");
    expect(html).not.toContain(">Actions</th>");
  });

  it("hands a detail form's refusal to the expanded row, with the way back", async () => {
    seen.length = 0;
    const answer: GridActionAnswer = {
      kind: "refused",
      intent: "rename",
      row: "n2",
      result: { status: "error", initialValue: { name: "" }, error: { name: ["Name is required"] } },
    };
    const html = decode(
      await render(createElement(DataGrid<{ name: string }>, { definition, view: view(["rename"], "n2"), renderDetail, answer }), "/notes?expanded=n2"),
    );
    expect(html).toContain('n2: beta; errors: {"name":["Name is required"]}');
    expect(seen).toEqual([{ returnTo: "/notes?expanded=n2", allowed: ["rename"], lastResult: answer.result, lastIntent: "rename" }]);
    // In place only: no alert over the grid for it.
    expect(html).not.toContain('role="alert"');
  });

  it("shows a refused button's message over the grid", async () => {
    const answer: GridActionAnswer = {
      kind: "refused",
      intent: "remove",
      row: null,
      result: { status: "error", error: { "": ["Please select at least one row."] } },
      message: { title: "Fail", message: "Please select at least one row." },
    };
    const html = decode(await render(createElement(DataGrid<{ name: string }>, { definition, view: view(["remove"]), renderDetail, answer }), "/notes"));
    expect(html).toMatch(/role="alert"[\s\S]*Please select at least one row\./);
  });

  it("asks first: the question, the rows, Cancel back to the grid and Confirm with the same fields", async () => {
    const answer: GridActionAnswer = {
      kind: "confirm",
      intent: "remove",
      question: "Delete the selected notes?",
      rows: ["alpha", "beta"],
      more: 3,
      fields: [
        ["intent", "remove"],
        ["ids", "n1"],
        ["ids", "n2"],
        ["returnTo", "/notes"],
      ],
    };
    const html = decode(await render(createElement(DataGrid<{ name: string }>, { definition, view: view(["remove"]), renderDetail, answer }), "/notes"));
    expect(html).toContain("Delete the selected notes?");
    expect(html).toMatch(/<li[^>]*>[\s\S]*?alpha[\s\S]*?<\/li>/);
    expect(html).toContain("and 3 more");
    expect(html).toMatch(
      /<input type="hidden" name="ids" value="n1"\/><input type="hidden" name="ids" value="n2"\/><input type="hidden" name="returnTo" value="\/notes"\/><input type="hidden" name="confirmed" value="yes"\/>/,
    );
    expect(html).toMatch(/<a[^>]*href="\/notes\?clear=1"[^>]*>[\s\S]*?Cancel/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*?Confirm/);
  });

  it("offers a row action under its URL parameter only (trust=Y), each form with the row's own hidden fields", async () => {
    const trusted: GridDefinition = {
      ...definition,
      actions: [{ intent: "retire", label: "Retire", placement: "row", shownWhen: { param: "trust", value: "Y" } }],
    };
    const withFields = rows.map((row) => ({ ...row, actionFields: { version: `${row.id}-v3` } }));
    const at = (params: Record<string, string>): GridView<{ name: string }> => ({
      ...view(["retire"]),
      rows: withFields,
      state: { ...view(["retire"]).state, params },
    });
    const hidden = decode(await render(createElement(DataGrid<{ name: string }>, { definition: trusted, view: at({}), renderDetail }), "/notes"));
    expect(hidden).toContain(">alpha<");
    expect(hidden).not.toContain('value="retire"');
    expect(hidden).not.toContain(">Actions</th>");
    const shown = decode(
      await render(createElement(DataGrid<{ name: string }>, { definition: trusted, view: at({ trust: "Y" }), renderDetail }), "/notes?trust=Y"),
    );
    expect(shown).toContain(">Actions</th>");
    expect(shown.match(/name="intent" value="retire"/g)).toHaveLength(2);
    expect(shown).toMatch(/name="row" value="n1"\/><input type="hidden" name="version" value="n1-v3"\/>/);
  });
});
