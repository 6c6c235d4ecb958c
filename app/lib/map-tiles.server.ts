/**
 * Where the Coverage Map's tiles come from (MAP_TILE_URL, OpenStreetMap's by default): set once at
 * start-up, read by the KPI page. The browser fetches the tiles itself, so the template is public:
 * a key in it must be one its tile service restricts to this portal's origin.
 */
export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

let chosenUrl: string | undefined;

export function setMapTileUrl(url: string): void {
  chosenUrl = url;
}

export function mapTileUrl(): string {
  return chosenUrl ?? DEFAULT_MAP_TILE_URL;
}

/** The template's origin, which the Content-Security-Policy lets images come from. */
export function tileOrigin(url: string): string {
  return new URL(url.replaceAll(/\{[zxy]\}/g, "0")).origin;
}
