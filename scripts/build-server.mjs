// Compiles server.ts into build/server/index.js for production. It imports no app module (only
// types): at run time it imports build/remix/index.js and starts the portal from the build's own
// server entry, so one module graph serves every request (decision 0080).
import fs from "node:fs";
import { build } from "esbuild";

/** Both bundles: Node's ESM with the packages left external, the project's tsconfig paths. */
const NODE_BUNDLE = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: true,
  logLevel: "warning",
};

await build({ ...NODE_BUNDLE, entryPoints: ["server.ts"], outfile: "build/server/index.js" });
console.log("Built build/server/index.js");

// The Coverage Map's worker thread runs from a file of its own (decision 0056): the Remix bundle
// (build/remix/index.js) starts it from beside itself. Plain JavaScript, copied as it is.
fs.copyFileSync("app/modules/dashboard/shop-index-worker.mjs", "build/remix/shop-index-worker.mjs");
console.log("Copied build/remix/shop-index-worker.mjs");

// The CSV export's worker thread (decision 0091) runs the grids' own cells modules, which are
// TypeScript: its entry is bundled beside the Remix bundle, which starts it from there
// (app/grid/csv-worker/csv-worker-pool.server.ts). Packages stay external, as in the server's bundle.
await build({ ...NODE_BUNDLE, entryPoints: ["app/modules/csv-export/worker.ts"], outfile: "build/remix/csv-export-worker.js" });
console.log("Built build/remix/csv-export-worker.js");

// The build-info screen and /api/build-info report this version and time.
const { version } = JSON.parse(fs.readFileSync("package.json", "utf8"));
fs.writeFileSync("build/build-info.json", `${JSON.stringify({ version, time: new Date().toISOString() }, null, 2)}\n`);
console.log("Wrote build/build-info.json");
