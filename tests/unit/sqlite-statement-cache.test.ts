import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withStatementCache } from "~/db/sqlite-statement-cache";

describe("the SQLite statement cache", () => {
  let sqlite: SQLite.Database;

  beforeEach(() => {
    sqlite = new SQLite(":memory:");
    sqlite.exec("create table t (n integer); insert into t values (1), (2), (3)");
  });

  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it("hands back the statement it prepared for the same SQL", () => {
    const cache = withStatementCache(sqlite);
    const first = cache.prepare("select n from t where n > ?");
    expect(cache.prepare("select n from t where n > ?")).toBe(first);
    expect(cache.prepare("select n from t where n >= ?")).not.toBe(first);
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it("prepares another while the cached one is still being iterated", () => {
    const cache = withStatementCache(sqlite);
    const streaming = cache.prepare("select n from t order by n");
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const other = cache.prepare("select n from t order by n");
    expect(other).not.toBe(streaming);
    expect(other.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it("keeps at most its size, dropping the least recently used", () => {
    const cache = withStatementCache(sqlite, 2);
    const a = cache.prepare("select 1");
    const b = cache.prepare("select 2");
    expect(cache.prepare("select 1")).toBe(a);
    cache.prepare("select 3");
    expect(cache.prepare("select 1")).toBe(a);
    expect(cache.prepare("select 2")).not.toBe(b);
  });

  it("follows a change of schema", () => {
    const cache = withStatementCache(sqlite);
    expect(cache.prepare("select * from t limit 1").all([])).toEqual([{ n: 1 }]);
    sqlite.exec("alter table t add column m integer default 7");
    expect(cache.prepare("select * from t limit 1").all([])).toEqual([{ n: 1, m: 7 }]);
  });
});
