import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";

/** Every file and folder under `root` (itself included) with its permission bits, links left out. */
export function modesUnder(root: string): { path: string; mode: number; folder: boolean }[] {
  const found: { path: string; mode: number; folder: boolean }[] = [];
  const visit = (at: string) => {
    const stat = fs.lstatSync(at);
    if (stat.isSymbolicLink()) return;
    found.push({ path: at, mode: stat.mode & 0o777, folder: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) visit(path.join(at, name));
  };
  visit(root);
  return found;
}

/** Everything under `root` is its owner's alone (decision 0062): the files there are, and none is open to the group or others. */
export function expectPrivateTree(root: string, options: { minFiles: number }): void {
  const entries = modesUnder(root);
  expect(entries.filter((entry) => !entry.folder).length).toBeGreaterThanOrEqual(options.minFiles);
  const open = entries.filter((entry) => (entry.mode & 0o077) !== 0).map((entry) => `${path.relative(root, entry.path) || "."} ${entry.mode.toString(8)}`);
  expect(open).toEqual([]);
}
