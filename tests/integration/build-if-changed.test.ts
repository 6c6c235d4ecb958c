import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * `npm start` builds only when a source changed since the last build (scripts/build-if-changed.mjs).
 * The script runs in a small project of its own whose build script only records that it ran.
 */
const SCRIPT = path.resolve("scripts/build-if-changed.mjs");
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function project(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "build-if-changed-"));
  folders.push(folder);
  fs.mkdirSync(path.join(folder, "app"));
  fs.writeFileSync(path.join(folder, "app", "root.tsx"), "export {};\n");
  const build =
    "node -e \"const fs=require('fs');fs.mkdirSync('build/server',{recursive:true});fs.writeFileSync('build/server/index.js','');fs.appendFileSync('builds','x');fs.writeFileSync('build/build-info.json','{}')\"";
  fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name: "fixture", private: true, scripts: { build } }));
  return folder;
}

function start(folder: string): { output: string; builds: number } {
  const output = execFileSync("node", [SCRIPT], { cwd: folder, encoding: "utf8", env: { ...process.env, npm_config_loglevel: "silent" } });
  const builds = fs.existsSync(path.join(folder, "builds")) ? fs.readFileSync(path.join(folder, "builds"), "utf8").length : 0;
  return { output, builds };
}

/** Moves a file's modification time, so the test does not wait for the clock. */
function touch(file: string, at: Date): void {
  fs.utimesSync(file, at, at);
}

describe("npm start's build step", () => {
  it("builds when there is no build, not again while nothing changed, and again after a source changed", () => {
    const folder = project();
    expect(start(folder).builds).toBe(1);

    const stamp = path.join(folder, "build", "build-info.json");
    const source = path.join(folder, "app", "root.tsx");
    touch(source, new Date(Date.now() - 60_000));
    touch(path.join(folder, "app"), new Date(Date.now() - 60_000));
    touch(path.join(folder, "package.json"), new Date(Date.now() - 60_000));
    touch(stamp, new Date());
    const second = start(folder);
    expect(second.builds).toBe(1);
    expect(second.output).toContain("The build is up to date");

    touch(source, new Date(Date.now() + 60_000));
    expect(start(folder).builds).toBe(2);
  });

  it("builds when the stamp is there but the server bundle is not", () => {
    const folder = project();
    start(folder);
    fs.rmSync(path.join(folder, "build", "server", "index.js"));
    expect(start(folder).builds).toBe(2);
  });
});
