import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding package.json, found from a module's URL. The same code runs compiled (from
 * build/server/ and build/remix/) and from its source (tsx, tests), so a fixed relative path would
 * be wrong in one of them.
 */
export function findProjectRoot(moduleUrl: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(moduleUrl)}`);
    dir = parent;
  }
}
