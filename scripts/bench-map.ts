/**
 * The Coverage Map's cluster answer: npx tsx scripts/bench-map.ts [--shops N] [--views N]
 * Places N shops (default 65,000, the map's most) in the seed's US states (within each state's
 * bounds, weighted as the seed weights them), builds the supercluster index as the KPI page does
 * (in the map's worker thread, decision 0056), then answers random views at every zoom from 4 to 12
 * as /dashboard/kpi/map.json does (clusters, links, a cluster's shop ids: one message to the worker
 * and back), and prints Markdown rows: the index build (and how long of it the event loop was held)
 * and the answers' median, p95 and largest time per zoom, with the CPU pressure before and after
 * (the machine is shared).
 * No database: the index is built from memory, as it is kept between views (decision 0051).
 */
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { buildShopIndex, MAX_MAP_SHOPS, type ShopPoint } from "../app/modules/dashboard/coverage-map.server";
import { markersOf } from "../app/modules/dashboard/map-card.server";
import { MAP_SIZE, MAP_ZOOM, type MapView } from "../app/modules/dashboard/map-view";
import { recentPeriods } from "../app/modules/dashboard/periods";
import { oneProvider } from "../app/modules/dashboard/scope";
import { US_STATES } from "../seed/reference/places";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isSafeInteger(value) || value < 1) {
    process.stderr.write(`bench-map: ${name} takes a whole number\n`);
    process.exit(2);
  }
  return value;
}

/** A small deterministic generator, so two runs place the same shops. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 0x1_0000_0000;
  };
}

function placeShops(count: number, random: () => number): ShopPoint[] {
  const totalWeight = US_STATES.reduce((sum, state) => sum + state.weight, 0);
  const points: ShopPoint[] = [];
  for (let shopId = 1; shopId <= count; shopId++) {
    let pick = random() * totalWeight;
    const state = US_STATES.find((candidate) => (pick -= candidate.weight) < 0) ?? US_STATES[0];
    const [south, west, north, east] = state.bounds;
    // Most shops near a city, the rest anywhere in the state.
    const city = state.cities[Math.floor(random() * state.cities.length)];
    const nearCity = random() < 0.7;
    const lat = nearCity ? city.latitude + (random() - 0.5) * 0.6 : south + random() * (north - south);
    const lng = nearCity ? city.longitude + (random() - 0.5) * 0.6 : west + random() * (east - west);
    points.push({ shopId, name: `Shop ${shopId}`, city: city.name, lat, lng, scans: Math.floor(random() * 40) });
  }
  return points;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function cpuPressure(): string {
  try {
    return /avg10=([\d.]+)/.exec(fs.readFileSync("/proc/pressure/cpu", "utf8"))?.[1] ?? "n/a";
  } catch {
    return "n/a";
  }
}

const shops = option("--shops", MAX_MAP_SHOPS);
const views = option("--views", 200);
const random = generator(20_261_125);
const pressureBefore = cpuPressure();
const points = placeShops(shops, random);

const builds: number[] = [];
const held: number[] = [];
let index = await buildShopIndex(points, new Date().toISOString(), false);
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  const building = buildShopIndex(points, new Date().toISOString(), false);
  // Until buildShopIndex returns, the event loop is held (packing the coordinates, posting them).
  held.push(performance.now() - started);
  index = await building;
  builds.push(performance.now() - started);
}
builds.sort((a, b) => a - b);
held.sort((a, b) => a - b);

const periods = recentPeriods("MONTH", new Date());
const today = periods[periods.length - 1].to;
const rows: string[] = [];
for (let zoom = MAP_ZOOM.min; zoom <= MAP_ZOOM.max; zoom++) {
  const times: number[] = [];
  let markers = 0;
  for (let run = 0; run < views; run++) {
    // A view centred on a random shop: where a user zoomed to.
    const centre = points[Math.floor(random() * points.length)];
    const view: MapView = { zoom, lat: centre.lat, lng: centre.lng };
    const input = {
      query: { provider: 1001, shops: [], interval: "MONTH" as const, cardIntervals: {}, cardNarrowings: {}, map: view },
      scope: { providers: oneProvider(1001), shopIds: null },
      providerIds: [1001],
      periods,
      today,
      linksToTransactions: true,
    };
    const started = performance.now();
    markers += (await markersOf(index, input, MAP_SIZE)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  rows.push(
    `| ${zoom} | ${views} | ${(markers / views).toFixed(0)} | ${percentile(times, 50).toFixed(2)} ms | ${percentile(times, 95).toFixed(2)} ms | ${times[times.length - 1].toFixed(2)} ms |`,
  );
}

process.stdout.write(
  [
    `Shops: ${shops.toLocaleString("en-US")}; ${os.cpus().length} cores, Node ${process.version}; CPU pressure avg10 ${pressureBefore}% before, ${cpuPressure()}% after.`,
    `Index build (supercluster load in the worker thread, 5 runs): median ${percentile(builds, 50).toFixed(0)} ms, largest ${builds[builds.length - 1].toFixed(0)} ms; ` +
      `of which the event loop was held: median ${percentile(held, 50).toFixed(1)} ms, largest ${held[held.length - 1].toFixed(1)} ms.`,
    "",
    "| zoom | views | markers per view | median | p95 | largest |",
    "|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
  ].join("\n"),
);
