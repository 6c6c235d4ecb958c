import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * app/db/types.ts is written by hand: read as TypeScript (the compiler's own parser), each table
 * of its `Database` must have exactly the migrated table's columns, in the CamelCasePlugin's
 * spelling, with `| null` where the column takes NULL and nowhere else.
 */
interface DeclaredColumn {
  name: string;
  nullable: boolean;
}

const TYPES_FILE = path.resolve(__dirname, "../../app/db/types.ts");

/** The snake_case name the CamelCasePlugin writes for a camelCase one. */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function mentionsNull(type: ts.TypeNode | undefined): boolean {
  if (!type) return false;
  if (type.kind === ts.SyntaxKind.LiteralType && (type as ts.LiteralTypeNode).literal.kind === ts.SyntaxKind.NullKeyword) return true;
  let found = false;
  type.forEachChild((child) => {
    if (!found && ts.isTypeNode(child)) found = mentionsNull(child);
  });
  return found;
}

/** Table (snake_case) → its declared columns, from every `interface Database` of the file. */
function declaredTables(): Map<string, DeclaredColumn[]> {
  const source = ts.createSourceFile(TYPES_FILE, fs.readFileSync(TYPES_FILE, "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text !== "Database") interfaces.set(node.name.text, node);
  });
  const tables = new Map<string, DeclaredColumn[]>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== "Database") return;
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type))
        throw new Error(`Unexpected Database member ${member.getText(source)}`);
      const table = interfaces.get(member.type.typeName.getText(source));
      if (!table) throw new Error(`No interface ${member.type.typeName.getText(source)}`);
      const columns = table.members
        .filter(ts.isPropertySignature)
        .map((column) => ({ name: snakeCase(column.name.getText(source)), nullable: mentionsNull(column.type) }));
      tables.set(snakeCase(member.name.getText(source)), columns);
    }
  });
  return tables;
}

describe.each(testDialects)("the hand-written schema types on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t?.cleanup());

  async function primaryKeyColumns(table: string): Promise<Set<string>> {
    if (dialect !== "sqlite") return new Set();
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0`.execute(t.database.db);
    return new Set(rows.rows.map((row) => row.name));
  }

  it("declare every migrated table, each column by name and whether it takes NULL", async () => {
    const declared = declaredTables();
    const migrated = await t.database.db.introspection.getTables();
    expect(migrated.length).toBeGreaterThan(30);
    expect([...declared.keys()].sort()).toEqual(migrated.map((table) => table.name).sort());
    for (const table of migrated) {
      // A primary key takes no NULL on PostgreSQL; SQLite reports one not declared NOT NULL as
      // nullable (a rowid alias never is; a text key could be, but the portal never writes one).
      const keys = await primaryKeyColumns(table.name);
      const columns = table.columns
        .map((column) => ({ name: column.name, nullable: column.isNullable && !keys.has(column.name) }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const declaredColumns = [...(declared.get(table.name) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
      expect(declaredColumns, table.name).toEqual(columns);
    }
  });

  it("would name a column that is missing or takes NULL unannounced", () => {
    const declared = declaredTables();
    const users = declared.get("users") ?? [];
    expect(users).toContainEqual({ name: "password_hash", nullable: true });
    expect(users).toContainEqual({ name: "login", nullable: false });
  });
});
