// `npm start`: builds only when a source changed since the last build (build/build-info.json,
// written last by every build), so a start after a start takes a second instead of ten.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SOURCES = ["app", "seed", "public", "server.ts", "package.json", "package-lock.json", "remix.config.js", "tsconfig.json", "postcss.config.cjs"];
const STAMP = "build/build-info.json";
/** The Remix compiler's own output inside public/. */
const OUTPUT = path.join("public", "build");

function newestChange(entry) {
  if (entry === OUTPUT || !fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

const builtAt = fs.existsSync(STAMP) && fs.existsSync("build/server/index.js") ? fs.statSync(STAMP).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map(newestChange));
if (builtAt > changedAt) {
  console.log(`The build is up to date (built ${new Date(builtAt).toISOString()}); starting it.`);
} else {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
