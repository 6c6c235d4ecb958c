// Sums the gzip sizes of the JavaScript a page loads: the Remix manifest, the client entry and,
// for each route of the page's match (root to leaf), its module and the chunks it imports. Then
// each module those files load later with import() (the grid's hydrated table, dialogs), with the
// chunks it adds: JavaScript fetched after hydration, when the page first uses it.
// Usage: node scripts/client-js-size.mjs [routeId ...]   (after `npm run build`)
// Without route ids it measures /transactions.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUILD_DIR = path.resolve("public/build");
const PUBLIC_DIR = path.resolve("public");
const DEFAULT_ROUTES = ["root", "routes/_shell", "routes/_shell.transactions", "routes/_shell.transactions._index"];

function readManifest() {
  const file = fs.readdirSync(BUILD_DIR).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No manifest in public/build: run `npm run build` first");
  const text = fs.readFileSync(path.join(BUILD_DIR, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { file: `/build/${file}`, manifest: JSON.parse(json) };
}

function gzipSize(url) {
  return zlib.gzipSync(fs.readFileSync(path.join(PUBLIC_DIR, url)), { level: 9 }).length;
}

const { file, manifest } = readManifest();
const routeIds = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_ROUTES;
const urls = new Set([file, manifest.entry.module, ...manifest.entry.imports]);
for (const id of routeIds) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`No route ${id} in the manifest`);
  urls.add(route.module);
  for (const url of route.imports ?? []) urls.add(url);
}
const sizes = [...urls].map((url) => ({ url, gzip: gzipSize(url) })).sort((a, b) => b.gzip - a.gzip);
const total = sizes.reduce((sum, entry) => sum + entry.gzip, 0);
for (const entry of sizes) console.log(`${(entry.gzip / 1024).toFixed(1).padStart(8)} KiB  ${entry.url}`);
console.log(`${(total / 1024).toFixed(1).padStart(8)} KiB  total gzip (${routeIds.join(" > ")})`);

const STATIC_IMPORT = /(?:from|import)\s*"(\/build\/[^"]+\.js)"/g;
const DYNAMIC_IMPORT = /import\("(\/build\/[^"]+\.js)"\)/g;
const source = (url) => fs.readFileSync(path.join(PUBLIC_DIR, url), "utf8");

/** A module and every chunk it imports statically, transitively. */
function withStaticImports(url, into = new Set()) {
  if (into.has(url)) return into;
  into.add(url);
  for (const match of source(url).matchAll(STATIC_IMPORT)) withStaticImports(match[1], into);
  return into;
}

const loaded = new Set([...urls].flatMap((url) => [...withStaticImports(url)]));
const lazy = new Map();
const pending = [...loaded];
while (pending.length > 0) {
  for (const match of source(pending.pop()).matchAll(DYNAMIC_IMPORT)) {
    const target = match[1];
    if (lazy.has(target) || loaded.has(target)) continue;
    const added = [...withStaticImports(target)].filter((url) => !loaded.has(url));
    lazy.set(
      target,
      added.reduce((sum, url) => sum + gzipSize(url), 0),
    );
    pending.push(target);
  }
}
if (loaded.size > urls.size) {
  const extra = [...loaded].filter((url) => !urls.has(url)).reduce((sum, url) => sum + gzipSize(url), 0);
  console.log(`${(extra / 1024).toFixed(1).padStart(8)} KiB  chunks those import that the manifest does not list`);
}
for (const [url, gzip] of [...lazy].sort((a, b) => b[1] - a[1])) {
  console.log(`${(gzip / 1024).toFixed(1).padStart(8)} KiB  after hydration, when first used: ${url} and the chunks it adds`);
}
