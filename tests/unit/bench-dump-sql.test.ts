import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { inlineParameters } from "../../scripts/bench-grid/database-dump";

/** The SQL `npm run bench` hands to sqlite3 and psql: the export's query with its parameters written in. */
describe("inlineParameters", () => {
  it("writes SQLite's ? parameters as literals, in order, and leaves quoted text alone", () => {
    const sqlText = `select "a?" as x from t where name = ? and note <> 'why?' and n > ? and tag = ?`;
    expect(inlineParameters(sqlText, ["O'Brien", 42, null], "sqlite")).toBe(
      `select "a?" as x from t where name = 'O''Brien' and note <> 'why?' and n > 42 and tag = NULL`,
    );
  });

  it("writes PostgreSQL's $n parameters by their number, $10 as one parameter", () => {
    const values = Array.from({ length: 10 }, (_, index) => `v${index + 1}`);
    const placeholders = values.map((_, index) => `$${index + 1}`).join(", ");
    expect(inlineParameters(`select '$1' from t where a in (${placeholders})`, values, "postgres")).toBe(
      `select '$1' from t where a in (${values.map((value) => `'${value}'`).join(", ")})`,
    );
    expect(inlineParameters("select $1, $2", [true, 7], "postgres")).toBe("select true, 7");
    expect(() => inlineParameters("select $1, $3", [1, 2], "postgres")).toThrow("names $3 of 2 parameters");
  });

  it("refuses SQL that does not take every parameter", () => {
    expect(() => inlineParameters("select ?", [1, 2], "sqlite")).toThrow("took 1 of 2 parameters");
  });

  it("selects on SQLite what the parameterised statement selects", () => {
    const db = new SQLite(":memory:");
    db.exec("create table t (id integer, name text)");
    const insert = db.prepare("insert into t values (?, ?)");
    for (const [id, name] of [
      [1, "O'Brien"],
      [2, "a ? b"],
      [3, "plain"],
    ] as const)
      insert.run(id, name);
    const sqlText = "select id from t where name in (?, ?) or id > ? order by id";
    const parameters = ["O'Brien", "a ? b", 2];
    const bound = db
      .prepare(sqlText)
      .pluck()
      .all(...parameters);
    expect(bound).toEqual([1, 2, 3]);
    expect(
      db
        .prepare(inlineParameters(sqlText, parameters, "sqlite"))
        .pluck()
        .all(),
    ).toEqual(bound);
    db.close();
  });
});
