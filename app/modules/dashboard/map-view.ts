/**
 * The Coverage Map's view (spec §9: zoom 4 to 12, initial 4): its zoom and centre, in the URL as
 * `map.zoom`, `map.lat` and `map.lng` (left out while they are the initial view), and the
 * Web Mercator arithmetic that turns a view into the area it shows, pans it and zooms it.
 */
export const MAP_ZOOM = { min: 4, max: 12, initial: 4 } as const;
/** The map as the server draws it; a browser with scripts measures its own width. */
export const MAP_SIZE = { width: 600, height: 340 } as const;
/** The contiguous United States in the middle: where a provider's shops are. */
export const INITIAL_CENTER = { lat: 39.5, lng: -98.35 } as const;
/** Web Mercator's edge: beyond it there is no map. */
export const MAX_LATITUDE = 85.0511;

export const MAP_PARAMS = { zoom: "map.zoom", lat: "map.lat", lng: "map.lng" } as const;

const TILE_SIZE = 256;

export interface MapView {
  zoom: number;
  lat: number;
  lng: number;
}

/** West, south, east, north in degrees (supercluster's order). */
export type MapBounds = [number, number, number, number];

export const INITIAL_VIEW: MapView = { zoom: MAP_ZOOM.initial, ...INITIAL_CENTER };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Four decimals: about 10 m, finer than any pan step, and a short URL. */
const round4 = (value: number) => Math.round(value * 1e4) / 1e4 || 0;

/** A longitude brought back into [-180, 180). */
function wrapLongitude(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/** A view that is on the map: a whole zoom from 4 to 12, the centre inside the world. */
export function normalView(view: MapView): MapView {
  return {
    zoom: clamp(Math.round(view.zoom), MAP_ZOOM.min, MAP_ZOOM.max),
    lat: round4(clamp(view.lat, -MAX_LATITUDE, MAX_LATITUDE)),
    lng: round4(wrapLongitude(view.lng)),
  };
}

function parseNumber(raw: string | null): number | null {
  if (raw === null || !/^-?\d{1,4}(\.\d{1,12})?$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** The view a URL asks for, brought onto the map (a zoom of 99 is 12); what cannot be read is the initial view's. */
export function parseMapView(params: URLSearchParams): MapView {
  const zoom = parseNumber(params.get(MAP_PARAMS.zoom));
  const lat = parseNumber(params.get(MAP_PARAMS.lat));
  const lng = parseNumber(params.get(MAP_PARAMS.lng));
  return normalView({ zoom: zoom ?? INITIAL_VIEW.zoom, lat: lat ?? INITIAL_VIEW.lat, lng: lng ?? INITIAL_VIEW.lng });
}

export function isInitialView(view: MapView): boolean {
  return view.zoom === INITIAL_VIEW.zoom && view.lat === INITIAL_VIEW.lat && view.lng === INITIAL_VIEW.lng;
}

/** The view's URL parameters, none for the initial view. */
export function mapViewParams(view: MapView): Array<[string, string]> {
  if (isInitialView(view)) return [];
  return [
    [MAP_PARAMS.zoom, String(view.zoom)],
    [MAP_PARAMS.lat, String(view.lat)],
    [MAP_PARAMS.lng, String(view.lng)],
  ];
}

function worldSize(zoom: number): number {
  return TILE_SIZE * 2 ** zoom;
}

/** A point's pixel on the whole world at a zoom. */
export function toPixel(lat: number, lng: number, zoom: number): [number, number] {
  const size = worldSize(zoom);
  const sin = Math.sin((clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  const x = ((lng + 180) / 360) * size;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
  return [x, y];
}

export function toLatLng(x: number, y: number, zoom: number): { lat: number; lng: number } {
  const size = worldSize(zoom);
  const lng = (x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / size;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return { lat, lng };
}

/** The area a view of this many pixels shows (longitudes may run past ±180; supercluster wraps them). */
export function viewBounds(view: MapView, size: { width: number; height: number } = MAP_SIZE): MapBounds {
  const [x, y] = toPixel(view.lat, view.lng, view.zoom);
  const north = toLatLng(x, y - size.height / 2, view.zoom).lat;
  const south = toLatLng(x, y + size.height / 2, view.zoom).lat;
  const degreesPerPixel = 360 / worldSize(view.zoom);
  const halfWidth = (size.width / 2) * degreesPerPixel;
  const west = view.lng - halfWidth;
  const east = view.lng + halfWidth;
  return [Math.max(-180, west), clamp(south, -90, 90), Math.min(180, east), clamp(north, -90, 90)];
}

export type PanDirection = "north" | "south" | "east" | "west";

/** The view moved by half its own size. */
export function pannedView(view: MapView, direction: PanDirection): MapView {
  const [x, y] = toPixel(view.lat, view.lng, view.zoom);
  const dx = direction === "east" ? MAP_SIZE.width / 2 : direction === "west" ? -MAP_SIZE.width / 2 : 0;
  const dy = direction === "south" ? MAP_SIZE.height / 2 : direction === "north" ? -MAP_SIZE.height / 2 : 0;
  return normalView({ zoom: view.zoom, ...toLatLng(x + dx, y + dy, view.zoom) });
}

export function zoomedView(view: MapView, zoom: number): MapView {
  return normalView({ ...view, zoom });
}
