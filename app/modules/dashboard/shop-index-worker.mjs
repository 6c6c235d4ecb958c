// The Coverage Map's clustering indexes, off the event loop (decision 0056). Plain JavaScript so
// that it runs as it is in a worker thread everywhere: vitest and tsx read it from app/, and the
// production build copies it beside build/remix/index.js (scripts/build-server.mjs).
//
// Messages (from shop-index-pool.server.ts):
//   { id, type: "build", lng, lat, scans, options }  -> { id, result: { index } }
//       lng, lat, scans: Float64Arrays of the shops in order (transferred); a shop is its position.
//   { id, type: "view", index, bounds, zoom, leavesUpTo } -> { id, result: features }
//       features: { point } (a shop's position) or { cluster, lng, lat, shops, scans, expansionZoom,
//       leaves } (leaves: the cluster's shops' positions when it has at most leavesUpTo shops).
//   { type: "drop", index } (no answer)
// A failure answers { id, error }.
import { parentPort } from "node:worker_threads";
import Supercluster from "supercluster";

/** @type {Map<number, Supercluster>} */
const indexes = new Map();
let nextIndex = 1;

function build({ lng, lat, scans, options }) {
  const index = new Supercluster({
    ...options,
    map: (properties) => ({ scans: scans[properties.i] }),
    reduce: (accumulated, properties) => {
      accumulated.scans += properties.scans;
    },
  });
  const features = new Array(lng.length);
  for (let i = 0; i < lng.length; i++) {
    features[i] = { type: "Feature", geometry: { type: "Point", coordinates: [lng[i], lat[i]] }, properties: { i } };
  }
  index.load(features);
  const id = nextIndex++;
  indexes.set(id, index);
  return { index: id };
}

function view({ index: id, bounds, zoom, leavesUpTo }) {
  const index = indexes.get(id);
  if (!index) throw new Error(`No map index ${id} in the worker`);
  return index.getClusters(bounds, zoom).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates;
    const properties = feature.properties;
    if (!properties.cluster) return { point: properties.i };
    const clusterId = properties.cluster_id;
    const shops = properties.point_count;
    return {
      cluster: clusterId,
      lng,
      lat,
      shops,
      scans: properties.scans,
      expansionZoom: index.getClusterExpansionZoom(clusterId),
      leaves: shops <= leavesUpTo ? index.getLeaves(clusterId, leavesUpTo).map((leaf) => leaf.properties.i) : null,
    };
  });
}

parentPort.on("message", (message) => {
  if (message.type === "drop") {
    indexes.delete(message.index);
    return;
  }
  try {
    const result = message.type === "build" ? build(message) : view(message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
