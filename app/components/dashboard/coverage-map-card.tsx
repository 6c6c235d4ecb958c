import { Anchor, Table, Text } from "@mantine/core";
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { Map as PigeonMap, Overlay } from "pigeon-maps";
import { useEffect, useRef, useState } from "react";
import { exactCount } from "~/lib/number-format";
import { readJson } from "~/lib/read-json";
import { useHydrated } from "~/lib/use-hydrated";
import { kpiHref, mapMarkersHref, type DashboardQuery } from "~/modules/dashboard/dashboard-url";
import type { MapCardView, MapMarker, MapMarkersAnswer } from "~/modules/dashboard/kpi-cards";
import { MAP_SIZE, MAP_ZOOM, normalView, pannedView, parseMapView, zoomedView, type MapView, type PanDirection } from "~/modules/dashboard/map-view";
import { CardFrame } from "./card-frame";

const sameView = (a: MapView, b: MapView) => a.zoom === b.zoom && a.lat === b.lat && a.lng === b.lng;

const PAN_LINKS: ReadonlyArray<{ direction: PanDirection; text: string; name: string }> = [
  { direction: "north", text: "↑", name: "Pan north" },
  { direction: "west", text: "←", name: "Pan west" },
  { direction: "east", text: "→", name: "Pan east" },
  { direction: "south", text: "↓", name: "Pan south" },
];

/** Zoom and pan as links: the map's controls without JavaScript, and beside the draggable map with it. */
function MapControls({ title, query, view }: { title: string; query: DashboardQuery; view: MapView }) {
  const hrefOf = (next: MapView) => kpiHref({ ...query, map: next });
  const zoomLink = (zoom: number, text: string, name: string) =>
    zoom < MAP_ZOOM.min || zoom > MAP_ZOOM.max ? (
      <span aria-disabled="true" title={name} className="map-control-off">
        <span aria-hidden="true">{text}</span>
        <span className="dashboard-visually-hidden">{name}</span>
      </span>
    ) : (
      <Link to={hrefOf(zoomedView(view, zoom))} title={name} preventScrollReset replace>
        <span aria-hidden="true">{text}</span>
        <span className="dashboard-visually-hidden">{name}</span>
      </Link>
    );
  return (
    <nav aria-label={`${title} controls`} className="map-controls">
      {zoomLink(view.zoom + 1, "+", "Zoom in")}
      {zoomLink(view.zoom - 1, "−", "Zoom out")}
      {PAN_LINKS.map((pan) => (
        <Link key={pan.direction} to={hrefOf(pannedView(view, pan.direction))} title={pan.name} preventScrollReset replace>
          <span aria-hidden="true">{pan.text}</span>
          <span className="dashboard-visually-hidden">{pan.name}</span>
        </Link>
      ))}
      <Text span size="xs" c="dimmed" className="map-zoom-level">
        Zoom {view.zoom}
      </Text>
    </nav>
  );
}

/** A marker on the map: a shop's dot links to its rows, a cluster's disc zooms in on it (or lists its rows at the deepest zoom). */
function MarkerLink({ marker }: { marker: MapMarker }) {
  const description = `${marker.label}: ${marker.scans.text}`;
  if (marker.kind === "shop") {
    return marker.scans.href ? (
      <a href={marker.scans.href} className="map-marker map-marker-shop" title={description} aria-label={`${description}, the rows`} />
    ) : (
      <span className="map-marker map-marker-shop" title={description} />
    );
  }
  const size = Math.min(44, 22 + Math.log10(marker.shops) * 8);
  const style = { width: size, height: size, marginLeft: -size / 2, marginTop: -size / 2 };
  // The disc is small: a thousand shops or more read short on it; its title and name have them exactly.
  const text = marker.shops >= 1000 ? `${Math.round(marker.shops / 100) / 10}K` : String(marker.shops);
  if (marker.zoomHref) {
    return (
      <Link
        to={marker.zoomHref}
        className="map-marker map-marker-cluster"
        style={style}
        title={`${description}. Zoom in`}
        aria-label={`${description}, zoom in`}
        preventScrollReset
        replace
      >
        {text}
      </Link>
    );
  }
  return marker.scans.href ? (
    <a href={marker.scans.href} className="map-marker map-marker-cluster" style={style} title={description} aria-label={`${description}, the rows`}>
      {text}
    </a>
  ) : (
    <span className="map-marker map-marker-cluster" style={style} title={description}>
      {text}
    </span>
  );
}

/** The markers in view as a table: for screen readers, and each number a link. */
function MarkerTable({ title, markers }: { title: string; markers: readonly MapMarker[] }) {
  return (
    <details className="dashboard-table">
      <summary>Table of the shops in view</summary>
      <Table withTableBorder striped fz="xs" aria-label={`${title} shops in view`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Shop or cluster</Table.Th>
            <Table.Th scope="col" ta="right">
              Shops
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Scans
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {markers.map((marker) => (
            <Table.Tr key={marker.key}>
              <Table.Th scope="row">
                {marker.zoomHref ? (
                  <Anchor component={Link} to={marker.zoomHref} inherit preventScrollReset replace>
                    {marker.label}
                  </Anchor>
                ) : (
                  marker.label
                )}
              </Table.Th>
              <Table.Td ta="right">{exactCount(marker.shops)}</Table.Td>
              <Table.Td ta="right">
                {marker.scans.href ? (
                  <Anchor href={marker.scans.href} inherit>
                    {marker.scans.text}
                  </Anchor>
                ) : (
                  marker.scans.text
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  );
}

/** The markers of the view the address shows: the server's, or those asked for after a drag or zoom. */
function useViewMarkers(card: MapCardView, query: DashboardQuery, view: MapView, size: { width: number; height: number }) {
  const [shown, setShown] = useState<MapMarkersAnswer>({ view: card.view, markers: card.markers, failed: false });
  const onServerView = sameView(view, card.view);
  const viewKey = `${view.zoom}/${view.lat}/${view.lng}/${size.width}x${size.height}`;
  useEffect(() => {
    if (onServerView) return;
    const asked = new AbortController();
    readJson<MapMarkersAnswer>(mapMarkersHref({ ...query, map: view }, size), asked.signal)
      .then(setShown)
      .catch(() => {
        if (!asked.signal.aborted) setShown({ view, markers: [], failed: true });
      });
    return () => asked.abort();
    // The view and size are the key; query is the page's, which reloads the card itself when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewKey, onServerView]);
  if (onServerView) return { markers: card.markers, failed: false, loading: false };
  const answered = sameView(shown.view, view);
  return { markers: shown.markers, failed: shown.failed && answered, loading: !answered };
}

/** The map itself: tiles from the configured server, the markers over them; draggable once hydrated. */
function ShopMap({
  card,
  query,
  view,
  markers,
  loading,
  onMeasured,
}: {
  card: MapCardView;
  query: DashboardQuery;
  view: MapView;
  markers: readonly MapMarker[];
  /** The markers of the view are on their way; those of the last view are shown meanwhile. */
  loading: boolean;
  onMeasured: (size: { width: number; height: number }) => void;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  // The map reports where it is 60 ms after it last moved: on a slow computer that can fall between
  // two frames of an animation (zoom 4.4 on the way from 4 to 5). Only a map at rest names the view.
  const animating = useRef(false);
  useEffect(() => {
    if (box.current) onMeasured({ width: box.current.clientWidth, height: MAP_SIZE.height });
  }, [onMeasured]);
  const tile = (x: number, y: number, z: number) => card.tileUrl.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
  return (
    <div ref={box} className="map-box" aria-busy={loading || undefined}>
      <PigeonMap
        center={[view.lat, view.lng]}
        zoom={view.zoom}
        defaultWidth={MAP_SIZE.width}
        height={MAP_SIZE.height}
        minZoom={MAP_ZOOM.min}
        maxZoom={MAP_ZOOM.max}
        provider={tile}
        attributionPrefix={false}
        mouseEvents={hydrated}
        touchEvents={hydrated}
        onAnimationStart={() => {
          animating.current = true;
        }}
        onAnimationStop={() => {
          animating.current = false;
        }}
        onBoundsChanged={({ center, zoom, initial }) => {
          if (initial || animating.current) return;
          const next = normalView({ zoom, lat: center[0], lng: center[1] });
          if (!sameView(next, view)) navigate(kpiHref({ ...query, map: next }), { replace: true, preventScrollReset: true });
        }}
      >
        {markers.map((marker) => (
          <Overlay key={marker.key} anchor={[marker.lat, marker.lng]}>
            <MarkerLink marker={marker} />
          </Overlay>
        ))}
      </PigeonMap>
    </div>
  );
}

/** Coverage Map View: the provider's registered shops clustered on a map, every marker a link, zoom and pan as links. */
export function CoverageMapCard({ card, query }: { card: MapCardView; query: DashboardQuery }) {
  const [searchParams] = useSearchParams();
  const view = card.failed ? card.view : parseMapView(searchParams);
  const [size, setSize] = useState<{ width: number; height: number }>(MAP_SIZE);
  const { markers, failed, loading } = useViewMarkers(card, query, view, size);
  return (
    <CardFrame id={card.id} title={card.title} help={card.help} toggle={card.toggle} empty={card.failed || failed || card.shops === 0}>
      <MapControls title={card.title} query={query} view={view} />
      <ShopMap card={card} query={query} view={view} markers={markers} loading={loading} onMeasured={setSize} />
      <Text size="xs" c="dimmed" mt={4}>
        {exactCount(card.shops)} registered shops on the map{card.capped ? " (the busiest; there are more)" : ""}; scans {card.window}; read {card.readAt}.
      </Text>
      <MarkerTable title={card.title} markers={markers} />
    </CardFrame>
  );
}
