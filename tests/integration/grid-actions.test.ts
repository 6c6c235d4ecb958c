import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { takeFlash } from "~/auth/flash.server";
import type { UserClaims } from "~/auth/user-claims";
import type { SignedIn } from "~/auth/user-session.server";
import { setDatabase } from "~/db/db.server";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridDefinition, GridState } from "~/grid/definition";
import type { GridActionAnswer } from "~/grid/grid-actions";
import { gridAction, GRID_ACTION_MESSAGES } from "~/grid/grid-actions.server";
import type { GridView } from "~/grid/grid-view";
import { done } from "~/write-path/action-outcome";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { loaderData } from "../support/grid-loader";
import { insertPagePermissions } from "../support/portal-rows";
import { signedInCookie, TEST_ORIGIN, useTestAuthSettings } from "../support/signed-in-request";

/**
 * The engine's grid actions (decision 0026) on a small grid of notes: each action's own permission
 * and schema, rows checked in the user's scope, 'every matching row' read again on the server,
 * confirmations, and the answers (a refusal in place, a redirect back with the pop-up).
 */
interface Note {
  id: string;
  name: string;
  provider: number;
}

let notes: Note[] = [];
const touched: string[] = [];

interface NotesContext extends GridContext {
  /** A provider-only user sees their provider's notes only. */
  provider: number | null;
}

const definition: GridDefinition = {
  id: "notes",
  path: "/notes",
  title: "Notes",
  columns: [
    { id: "id", label: "Id", defaultVisible: true, sortable: true },
    { id: "name", label: "Name", defaultVisible: true, sortable: false },
  ],
  filters: [{ id: "name", label: "Name", kind: { type: "text", maxLength: 40 } }],
  defaultSort: { column: "id", dir: "asc" },
  pageSizes: [10, 20],
  defaultPageSize: 10,
  actions: [
    { intent: "rename", label: "Save", placement: "detail" },
    { intent: "remove", label: "Delete", placement: "selection", allMatching: true, confirm: "Delete the selected notes?" },
    { intent: "touch", label: "Touch", placement: "row" },
    { intent: "reindex", label: "Reindex", placement: "toolbar" },
  ],
};

const visibleNotes = (context: NotesContext) => notes.filter((note) => context.provider === null || note.provider === context.provider);
const matching = (state: GridState, context: NotesContext) =>
  visibleNotes(context).filter((note) => !state.filters.name?.[0] || note.name.includes(state.filters.name[0]));

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

const FAILED = { title: "Fail", message: "Something went wrong." };

const notesGrid = defineGrid<NotesContext, Note>({
  definition,
  async context(_request, signedIn) {
    return { timeZone: "UTC", provider: signedIn.user.companyId };
  },
  async page(state, context) {
    const rows = matching(state, context);
    return { rows: rows.map((note) => ({ id: note.id, cells: { id: note.id, name: note.name } })), total: rows.length };
  },
  allRows: (state, context) => each(matching(state, context)),
  cells: (note) => ({ id: note.id, name: note.name }),
  rowId: (note) => note.id,
  async rowsInScope(ids, context) {
    return visibleNotes(context)
      .filter((note) => ids.includes(note.id))
      .map((note) => note.id);
  },
  async rowLabels(ids) {
    return ids.map((id) => notes.find((note) => note.id === id)?.name ?? id);
  },
  actions: {
    rename: gridAction({
      permission: "changingRoleData",
      schema: z.object({ name: z.string({ message: "Name is required" }).trim().min(1, "Name is required") }),
      failure: FAILED,
      async run({ value, rowIds }) {
        const note = notes.find((candidate) => candidate.id === rowIds[0]);
        if (note) note.name = value.name;
        return done({ title: "Success", message: "Renamed." });
      },
    }),
    remove: gridAction({
      permission: "changingRoleData",
      schema: z.object({}),
      failure: FAILED,
      maxRows: 3,
      async run({ rowIds }) {
        notes = notes.filter((note) => !rowIds.includes(note.id));
        return done({ title: "Success", message: `Deleted ${rowIds.length}.` });
      },
    }),
    touch: gridAction({
      permission: "transactions",
      schema: z.object({}),
      failure: FAILED,
      async run({ rowIds }) {
        touched.push(...rowIds);
        return done({ title: "Success", message: "Touched." });
      },
    }),
    reindex: gridAction({
      permission: "transactions",
      schema: z.object({}),
      failure: FAILED,
      async run() {
        throw new Error("the index broke");
      },
    }),
  },
});

const ADMIN: UserClaims = { id: "u-admin", login: "admin", firstName: null, lastName: null, email: null, roles: ["DIP_PORTAL", "DIP_ADMIN"], companyId: null };
const PROVIDER: UserClaims = { ...ADMIN, id: "u-provider", login: "provider", roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: 101 };
const signedIn = (user: UserClaims): SignedIn => ({ sessionId: "s", user });

type Answer = { status: number; body: GridActionAnswer } | { redirect: string; flash: { title: string; message: string } | null };

async function post(user: UserClaims, fields: [string, string][]): Promise<Answer> {
  const request = new Request(`${TEST_ORIGIN}/notes`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const answer = await notesGrid.act(request, signedIn(user));
  if (answer instanceof Response) {
    const cookie = answer.headers.get("Set-Cookie");
    const flash = cookie ? (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).flash : null;
    return { redirect: answer.headers.get("Location") ?? "", flash };
  }
  return { status: answer.init?.status ?? 200, body: answer.data as GridActionAnswer };
}

const BACK = "/notes?name=a";

let current: TestDatabase | undefined;

beforeEach(async () => {
  useTestAuthSettings();
  current = await createTestDatabase("sqlite");
  setDatabase(current.database);
  await insertPagePermissions();
  // A session makes the user's row, which the remembered query belongs to.
  await signedInCookie(ADMIN);
  await signedInCookie(PROVIDER);
  notes = [
    { id: "n1", name: "alpha", provider: 101 },
    { id: "n2", name: "beta", provider: 101 },
    { id: "n3", name: "gamma", provider: 102 },
    { id: "n4", name: "delta", provider: 102 },
  ];
  touched.length = 0;
});

afterEach(async () => {
  setDatabase(undefined);
  await current?.cleanup();
  current = undefined;
});

describe("grid actions", () => {
  it("tells the page which actions the user may use, by each action's own permission", async () => {
    const page = async (user: UserClaims) =>
      loaderData(await notesGrid.loadPage(new Request(`${TEST_ORIGIN}/notes?name=a`), signedIn(user))) as GridView<never>;
    const forAdmin = await page(ADMIN);
    expect(forAdmin.rows.length).toBe(4);
    expect(forAdmin.actions).toEqual(["rename", "remove", "touch", "reindex"]);
    const forProvider = await page(PROVIDER);
    expect(forProvider.rows.map((row) => row.id)).toEqual(["n1", "n2"]);
    expect(forProvider.actions).toEqual(["touch", "reindex"]);
  });

  it("gives a detail form its errors in place, for its row, and writes nothing", async () => {
    const answer = await post(ADMIN, [
      ["intent", "rename"],
      ["row", "n2"],
      ["name", "  "],
      ["returnTo", BACK],
    ]);
    expect(answer).toMatchObject({ status: 400, body: { kind: "refused", intent: "rename", row: "n2", result: { error: { name: ["Name is required"] } } } });
    expect(notes.find((note) => note.id === "n2")?.name).toBe("beta");
  });

  it("writes and goes back to the grid page it came from with the pop-up", async () => {
    const answer = await post(ADMIN, [
      ["intent", "rename"],
      ["row", "n2"],
      ["name", "bravo"],
      ["returnTo", BACK],
    ]);
    expect(answer).toEqual({ redirect: BACK, flash: { title: "Success", message: "Renamed." } });
    expect(notes.find((note) => note.id === "n2")?.name).toBe("bravo");
  });

  it("never goes back to another site", async () => {
    const answer = await post(ADMIN, [
      ["intent", "touch"],
      ["row", "n1"],
      ["returnTo", "https://elsewhere.example/notes"],
    ]);
    expect(answer).toMatchObject({ redirect: "/notes" });
    expect(touched).toEqual(["n1"]);
  });

  it("refuses an action the user's roles do not allow, whatever the form says", async () => {
    const answer = await post(PROVIDER, [
      ["intent", "rename"],
      ["row", "n1"],
      ["name", "mine"],
      ["returnTo", BACK],
    ]);
    expect(answer).toMatchObject({ status: 400, body: { kind: "refused", intent: "rename", message: { message: GRID_ACTION_MESSAGES.notAllowed } } });
    expect(notes.find((note) => note.id === "n1")?.name).toBe("alpha");
  });

  it("refuses rows outside the user's scope, unknown rows and malformed ids", async () => {
    for (const row of ["n3", "n99", "../n1", ""]) {
      const answer = await post(PROVIDER, [
        ["intent", "touch"],
        ["row", row],
        ["returnTo", BACK],
      ]);
      expect(answer).toMatchObject({ status: 400, body: { kind: "refused", intent: "touch" } });
    }
    expect(touched).toEqual([]);
  });

  it("refuses an intent the grid does not have", async () => {
    const answer = await post(ADMIN, [
      ["intent", "dropTable"],
      ["returnTo", BACK],
    ]);
    expect(answer).toMatchObject({ status: 400, body: { kind: "refused", intent: null, message: { message: GRID_ACTION_MESSAGES.unknown } } });
  });

  it("asks first, naming the rows, and acts once confirmed", async () => {
    const fields: [string, string][] = [
      ["intent", "remove"],
      ["ids", "n1"],
      ["ids", "n3"],
      ["returnTo", BACK],
    ];
    const asked = await post(ADMIN, fields);
    expect(asked).toMatchObject({
      status: 200,
      body: { kind: "confirm", intent: "remove", question: "Delete the selected notes?", rows: ["alpha", "gamma"], more: 0 },
    });
    expect(notes.length).toBe(4);
    if (!("body" in asked) || asked.body.kind !== "confirm") throw new Error("expected a confirmation");
    expect(asked.body.fields).toEqual(fields);
    const answer = await post(ADMIN, [...asked.body.fields, ["confirmed", "yes"]]);
    expect(answer).toEqual({ redirect: BACK, flash: { title: "Success", message: "Deleted 2." } });
    expect(notes.map((note) => note.id)).toEqual(["n2", "n4"]);
  });

  it("acts on every row matching the grid's query, read again under the user's scope, not on the ids sent", async () => {
    notes.push({ id: "n5", name: "alphabet", provider: 102 });
    const answer = await post(ADMIN, [
      ["intent", "remove"],
      ["all", "yes"],
      ["query", "name=alpha"],
      ["ids", "n2"],
      ["confirmed", "yes"],
      ["returnTo", BACK],
    ]);
    expect(answer).toMatchObject({ redirect: BACK, flash: { message: "Deleted 2." } });
    expect(notes.map((note) => note.id)).toEqual(["n2", "n3", "n4"]);
  });

  it("refuses more rows than the action allows at a time, and an empty selection", async () => {
    notes.push({ id: "n5", name: "epsilon", provider: 101 });
    const all = await post(ADMIN, [
      ["intent", "remove"],
      ["all", "yes"],
      ["query", ""],
      ["confirmed", "yes"],
      ["returnTo", BACK],
    ]);
    expect(all).toMatchObject({ status: 400, body: { message: { message: GRID_ACTION_MESSAGES.tooMany(3) } } });
    const listed = await post(ADMIN, [
      ["intent", "remove"],
      ["ids", "n1"],
      ["ids", "n2"],
      ["ids", "n3"],
      ["ids", "n4"],
      ["confirmed", "yes"],
      ["returnTo", BACK],
    ]);
    expect(listed).toMatchObject({ status: 400, body: { message: { message: GRID_ACTION_MESSAGES.tooMany(3) } } });
    const none = await post(ADMIN, [
      ["intent", "remove"],
      ["confirmed", "yes"],
      ["returnTo", BACK],
    ]);
    expect(none).toMatchObject({ status: 400, body: { message: { message: GRID_ACTION_MESSAGES.noRows } } });
    expect(notes.length).toBe(5);
  });

  it("turns a write that breaks into the action's failure pop-up, not a 500", async () => {
    const answer = await post(ADMIN, [
      ["intent", "reindex"],
      ["returnTo", BACK],
    ]);
    expect(answer).toEqual({ redirect: BACK, flash: FAILED });
  });
});
