// A Leaflet map with OpenStreetMap tiles for /searchdoctor and /viewdoctorprofile (docs/product.md, Search).
// Loaded only through ./lazy-clinic-map.tsx, so Leaflet never reaches the first page. Markers are SVG circles
// (no image files); near ones gather into numbered clusters (supercluster) so every result in view can show;
// when tiles cannot load the markers stay and a quiet note says so.
import 'leaflet/dist/leaflet.css';
import './clinic-map.css';
import L from 'leaflet';
import Supercluster from 'supercluster';
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../../../shared/lib/formats';
import '../doctors.css';

export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  /** The name on its pop-up; a point without one (a result not on this page) shows a plain marker. */
  label?: string;
  /** A second line under the name (the rating on search results). */
  detail?: string;
}

export interface MapBox {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface ClinicMapProps {
  points: MapPoint[];
  activeId?: number | null;
  onActivate?: (id: number | null) => void;
  /** A marker chosen (click, or Enter on a focused marker): the page brings its card into view. */
  onSelect?: (id: number) => void;
  /** The person moved the map (pan or zoom): its visible box, for 'Search this area'. */
  onMoved?: (box: MapBox) => void;
  /** The map fits its points again only when this changes (a new search), not when 'Search this area' answers. */
  fitKey?: string;
  /** The box searched ('Search this area', or a shared link with one): shown as it is instead of fitting the points. */
  box?: MapBox;
  /** Changes when the map's box becomes visible again (the phone's list/map toggle): Leaflet measures it anew. */
  shownKey?: string;
  label: string;
  zoom?: number;
}

/**
 * A marker's pop-up as elements with text, never as HTML: Leaflet puts a string into innerHTML, and a clinic's name is
 * text its vet typed.
 */
function tooltipContent(point: MapPoint & { label: string }): HTMLElement {
  const box = document.createElement('span');
  const name = document.createElement('strong');
  name.textContent = point.label;
  box.append(name);
  if (point.detail) {
    const line = document.createElement('span');
    line.className = 'map-tooltip-detail';
    line.textContent = point.detail;
    box.append(document.createElement('br'), line);
  }
  return box;
}

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const PLAIN = { radius: 8, color: '#0b5c4c', weight: 2, fillColor: '#13a087', fillOpacity: 0.85 };
const ACTIVE = { radius: 12, color: '#7a2e00', weight: 3, fillColor: '#fa8c16', fillOpacity: 1 };
/** Markers gather into clusters only beyond this many (a page of results stays single markers). */
const CLUSTER_FROM = 30;

type PointProps = { id: number };

export default function ClinicMap({ points, activeId, onActivate, onSelect, onMoved, fitKey, box, shownKey, label, zoom = 13 }: ClinicMapProps) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<number, L.CircleMarker>());
  const [tilesFailed, setTilesFailed] = useState(false);
  const [view, setView] = useState(0);
  const calls = useRef({ onActivate, onSelect, onMoved });
  calls.current = { onActivate, onSelect, onMoved };
  // Moves the code makes (fitting a new search) are no 'Search this area': made without animation, so Leaflet's
  // moveend comes while this is set.
  const ourMove = useRef(false);
  const move = (change: () => void) => {
    ourMove.current = true;
    try {
      change();
    } finally {
      ourMove.current = false;
    }
  };

  useEffect(() => {
    if (!holder.current) return;
    const placed = markers.current;
    // A view from the start: Leaflet defers adding layers (and their elements) until a map has one.
    const created = L.map(holder.current, { scrollWheelZoom: false, attributionControl: true }).setView([39.8, -98.6], 3);
    L.tileLayer(TILES, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(created);
    layer.current = L.layerGroup().addTo(created);
    created.on('moveend', () => {
      setView((n) => n + 1);
      if (ourMove.current) return;
      const b = created.getBounds();
      calls.current.onMoved?.({ north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() });
    });
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
      placed.clear();
    };
  }, []);

  const key = points.map((p) => `${p.id}:${p.latitude}:${p.longitude}:${p.label ?? ''}:${p.detail ?? ''}`).join('|');
  // A new search fits the map to its points; an answer to 'Search this area' keeps the view the person chose.
  const hasPoints = points.length > 0;
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const only = points.length === 1 ? points[0] : undefined;
    move(() => {
      if (box) current.fitBounds(L.latLngBounds([box.south, box.west], [box.north, box.east]), { animate: false });
      else if (only) current.setView([only.latitude, only.longitude], zoom, { animate: false });
      else if (hasPoints)
        current.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), {
          padding: [24, 24],
          maxZoom: zoom,
          animate: false,
        });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fitKey stands for a new search (key on a page without one)
  }, [fitKey ?? key, hasPoints, zoom]);

  useEffect(() => {
    const current = map.current;
    if (current) move(() => current.invalidateSize({ animate: false }));
  }, [shownKey]);

  // The markers of the current view: single points, and clusters when there are many.
  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return;
    group.clearLayers();
    markers.current.clear();
    const byId = new Map(points.map((p) => [p.id, p]));
    const addPoint = (point: MapPoint) => {
      const marker = L.circleMarker([point.latitude, point.longitude], { ...PLAIN, className: `doctor-marker doctor-marker-${point.id}` });
      if (point.label) marker.bindTooltip(tooltipContent({ ...point, label: point.label }));
      marker.on('mouseover', () => calls.current.onActivate?.(point.id));
      marker.on('mouseout', () => calls.current.onActivate?.(null));
      marker.on('click', () => {
        calls.current.onActivate?.(point.id);
        calls.current.onSelect?.(point.id);
      });
      marker.addTo(group);
      markers.current.set(point.id, marker);
    };
    if (points.length < CLUSTER_FROM) {
      points.forEach(addPoint);
      return;
    }
    const index = new Supercluster<PointProps>({ radius: 48, maxZoom: 16 });
    index.load(points.map((p) => ({ type: 'Feature', properties: { id: p.id }, geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] } })));
    const b = current.getBounds();
    for (const feature of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(current.getZoom()))) {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as PointProps | Supercluster.ClusterProperties;
      if (!('cluster' in props)) {
        const point = byId.get(props.id);
        if (point) addPoint(point);
        continue;
      }
      const count = props.point_count;
      const icon = L.divIcon({
        className: 'map-cluster',
        html: `<span>${formatNumber(count)}</span>`,
        iconSize: [36, 36],
      });
      L.marker([latitude, longitude], { icon, title: `${formatNumber(count)} practices here: zoom in`, keyboard: true })
        .on('click', () => current.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(props.cluster_id), 18)))
        .addTo(group);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for points; view for the map's box and zoom
  }, [key, view]);

  useEffect(() => {
    for (const [id, marker] of markers.current) {
      const on = id === activeId;
      marker.setStyle(on ? ACTIVE : PLAIN);
      marker.setRadius(on ? ACTIVE.radius : PLAIN.radius);
      marker.getElement()?.classList.toggle('marker-active', on);
      if (on) marker.bringToFront();
    }
  }, [activeId, key, view]);

  return (
    <div className="clinic-map-frame">
      <div ref={holder} className="clinic-map" role="region" aria-label={label} />
      {tilesFailed && <p className="map-note muted">The map background could not load; the markers and the list are still here.</p>}
    </div>
  );
}
