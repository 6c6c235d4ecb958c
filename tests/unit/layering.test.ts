import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layering of decision 0024, read from the import lines: the database runtime and the stores
 * every layer shares sit below the modules, and the seed is a tool that imports the app, never the
 * other way round.
 */
const ROOT = path.resolve(".");
const IMPORT = /(?:from |import\(|import )"([^"]+)"/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Project paths (e.g. app/db/types) of a file's imports of project files; packages are left out. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  return Array.from(text.matchAll(IMPORT), (match) => match[1]).flatMap((specifier) => {
    if (specifier.startsWith("~/")) return [`app/${specifier.slice(2)}`];
    if (specifier.startsWith(".")) return [path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))];
    return [];
  });
}

/** Every import from files under `from` of a path under one of `to`, as "file -> import". */
function crossings(from: string, to: readonly string[]): string[] {
  return sourceFiles(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => to.some((folder) => target === folder || target.startsWith(`${folder}/`)))
      .map((target) => `${file} -> ${target}`),
  );
}

/** Imports from files under `from` of anything outside the allowed folders. */
function outside(from: string, allowed: readonly string[]): string[] {
  return sourceFiles(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => !allowed.some((folder) => target === folder || target.startsWith(`${folder}/`)))
      .map((target) => `${file} -> ${target}`),
  );
}

describe("layering", () => {
  it("app/db holds the database runtime: it imports nothing above it", () => {
    expect(outside("app/db", ["app/db", "app/lib"])).toEqual([]);
  });

  it("the shared stores (configuration, preferences) import only the database runtime", () => {
    expect(outside("app/platform", ["app/platform", "app/db", "app/lib"])).toEqual([]);
  });

  it("the layers below the modules never import a module, a route or a component", () => {
    for (const layer of ["app/db", "app/platform", "app/lib", "app/auth", "app/forms", "app/grid", "app/integrations", "app/identity", "app/http"]) {
      expect(crossings(layer, ["app/modules", "app/routes", "app/components"]), layer).toEqual([]);
    }
  });

  it("the seed is a tool of its own: only the start-up's embedded default reaches it from the app", () => {
    const intoSeed = crossings("app", ["seed"]);
    expect(intoSeed.length).toBeGreaterThan(0);
    expect(intoSeed.every((line) => line.startsWith("app/startup.server.ts -> "))).toBe(true);
    expect(sourceFiles("app/db").filter((file) => file.startsWith("app/db/seed/"))).toEqual([]);
  });
});
