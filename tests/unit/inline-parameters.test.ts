import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { compileWithLiterals, parameterLiteral } from "~/db/inline-parameters.server";

interface Tables {
  scan_requests: { make: string | null; year: number | null; created_date_time: string };
}

/** Kysely for PostgreSQL without a connection: it only compiles. */
const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe("compileWithLiterals", () => {
  it("writes each parameter in as the quoted text pg would send for it, where the query had $n", () => {
    const query = db
      .selectFrom("scan_requests")
      .select("make")
      .where("make", "=", "O'Brien \\ $1 's")
      .where("year", "in", [2020, 2021])
      .where("created_date_time", ">=", new Date("2026-03-08T08:00:00Z") as unknown as string)
      .where(sql<boolean>`${sql.lit(3)} = 3`);
    expect(query.compile().sql).toContain("$1");
    expect(compileWithLiterals(query)).toBe(
      `select "make" from "scan_requests" where "make" = 'O''Brien \\ $1 ''s' and "year" in ('2020', '2021') and "created_date_time" >= '2026-03-08T08:00:00.000Z' and 3 = 3`,
    );
  });

  it("writes null as null, booleans and big integers as pg sends them, and refuses what SQL text cannot hold", () => {
    expect(parameterLiteral(null)).toBe("null");
    expect(parameterLiteral(undefined)).toBe("null");
    expect(parameterLiteral(true)).toBe("'true'");
    expect(parameterLiteral(12n)).toBe("'12'");
    expect(() => parameterLiteral("a\0b")).toThrow(/NUL/);
    expect(() => parameterLiteral(Number.NaN)).toThrow();
    expect(() => parameterLiteral({ toString: () => "x" })).toThrow();
    expect(() => parameterLiteral(new Date(Number.NaN))).toThrow();
  });
});
