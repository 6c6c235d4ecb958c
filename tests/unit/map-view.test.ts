import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INITIAL_VIEW, MAP_ZOOM, mapViewParams, MAX_LATITUDE, pannedView, parseMapView, toLatLng, toPixel, viewBounds } from "~/modules/dashboard/map-view";

const viewOf = (search: string) => parseMapView(new URLSearchParams(search));

describe("the Coverage Map's view in the URL", () => {
  it("brings a hand-edited view onto the map", () => {
    expect(viewOf("map.zoom=99&map.lat=1000&map.lng=-500")).toEqual({ zoom: MAP_ZOOM.max, lat: MAX_LATITUDE, lng: -140 });
    expect(viewOf("map.zoom=-3&map.lat=-89&map.lng=540")).toEqual({ zoom: MAP_ZOOM.min, lat: -MAX_LATITUDE, lng: -180 });
    expect(viewOf("map.zoom=6.6&map.lat=41.87811234&map.lng=-87.6298")).toEqual({ zoom: 7, lat: 41.8781, lng: -87.6298 });
  });

  it("takes what it cannot read for the initial view's, and leaves the initial view out of the URL", () => {
    expect(viewOf("map.zoom=abc&map.lat=1e5&map.lng=NaN")).toEqual(INITIAL_VIEW);
    expect(viewOf("")).toEqual(INITIAL_VIEW);
    expect(mapViewParams(INITIAL_VIEW)).toEqual([]);
    expect(mapViewParams({ zoom: 5, lat: 39.5, lng: -98.35 })).toEqual([
      ["map.zoom", "5"],
      ["map.lat", "39.5"],
      ["map.lng", "-98.35"],
    ]);
  });

  it("reads back every view it writes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAP_ZOOM.min, max: MAP_ZOOM.max }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        (zoom, lat, lng) => {
          const view = parseMapView(
            new URLSearchParams([
              ["map.zoom", String(zoom)],
              ["map.lat", lat.toFixed(4)],
              ["map.lng", lng.toFixed(4)],
            ]),
          );
          expect(parseMapView(new URLSearchParams(mapViewParams(view)))).toEqual(view);
        },
      ),
    );
  });
});

describe("the view's area and moves", () => {
  it("maps a point to its pixel and back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (zoom, lat, lng) => {
          const [x, y] = toPixel(lat, lng, zoom);
          const back = toLatLng(x, y, zoom);
          expect(back.lat).toBeCloseTo(lat, 6);
          expect(back.lng).toBeCloseTo(lng, 6);
        },
      ),
    );
  });

  it("shows an area around its centre, half as wide one zoom deeper", () => {
    const [west, south, east, north] = viewBounds({ zoom: 4, lat: 39.5, lng: -98.35 });
    // 600 px at zoom 4 is 600 / 4096 of the world's 360 degrees.
    expect(east - west).toBeCloseTo((600 / 4096) * 360, 6);
    expect(south).toBeLessThan(39.5);
    expect(north).toBeGreaterThan(39.5);
    const [west5, , east5] = viewBounds({ zoom: 5, lat: 39.5, lng: -98.35 });
    expect(east5 - west5).toBeCloseTo((east - west) / 2, 6);
  });

  it("pans by half the map and back to where it was", () => {
    const start = { zoom: 6, lat: 40, lng: -88 };
    const east = pannedView(start, "east");
    expect(east.lng).toBeCloseTo(-88 + (300 / 16384) * 360, 3);
    expect(pannedView(east, "west")).toEqual(start);
    const north = pannedView(start, "north");
    expect(north.lat).toBeGreaterThan(40);
    expect(pannedView(north, "south").lat).toBeCloseTo(40, 3);
    expect(pannedView({ zoom: 4, lat: MAX_LATITUDE, lng: 0 }, "north").lat).toBe(MAX_LATITUDE);
  });
});
