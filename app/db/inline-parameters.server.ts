import { type Compilable, PostgresQueryCompiler } from "kysely";

/**
 * A parameter as the literal PostgreSQL reads in its place: the text pg would send for it, quoted
 * (an untyped literal, resolved by its context exactly as an untyped parameter is). Quotes are
 * doubled; the connection that runs the SQL has standard_conforming_strings on, so backslashes
 * are plain characters.
 */
export function parameterLiteral(value: unknown): string {
  if (value === null || value === undefined) return "null";
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" && Number.isFinite(value)) text = String(value);
  else if (typeof value === "bigint") text = String(value);
  else if (typeof value === "boolean") text = value ? "true" : "false";
  else if (value instanceof Date && Number.isFinite(value.getTime())) text = value.toISOString();
  else throw new Error(`A parameter of type ${typeof value} cannot be written into SQL`);
  if (text.includes("\0")) throw new Error("A parameter holding a NUL character cannot be written into SQL");
  return `'${text.replaceAll("'", "''")}'`;
}

/** Kysely's PostgreSQL compiler with every parameter written in as a literal. */
class InliningCompiler extends PostgresQueryCompiler {
  protected override appendValue(parameter: unknown): void {
    this.append(parameterLiteral(parameter));
  }
}

/**
 * A query's PostgreSQL text with its parameters written in, for the statements that take none
 * (`COPY (…) TO STDOUT`): compiled as the query would be (its plugins applied), then compiled
 * again from that tree with literals for parameters.
 */
export function compileWithLiterals(query: Compilable<unknown>): string {
  const compiled = query.compile();
  return new InliningCompiler().compileQuery(compiled.query, compiled.queryId).sql;
}
