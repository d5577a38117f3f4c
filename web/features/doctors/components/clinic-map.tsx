// A Leaflet map with OpenStreetMap tiles for /searchdoctor and /viewdoctorprofile (docs/product.md, Search).
// Loaded only through ./lazy-clinic-map.tsx, so Leaflet never reaches the first page. Markers are SVG circles
// (no image files); when tiles cannot load the markers stay and a quiet note says so.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';

export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  label: string;
  /** A second line under the name (the rating on search results). */
  detail?: string;
}

export interface ClinicMapProps {
  points: MapPoint[];
  activeId?: number | null;
  onActivate?: (id: number | null) => void;
  label: string;
  zoom?: number;
}

/**
 * A marker's pop-up as elements with text, never as HTML: Leaflet puts a string into innerHTML, and a clinic's name is
 * text its vet typed.
 */
function tooltipContent(point: MapPoint): HTMLElement {
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

export default function ClinicMap({ points, activeId, onActivate, label, zoom = 13 }: ClinicMapProps) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef(new Map<number, L.CircleMarker>());
  const [tilesFailed, setTilesFailed] = useState(false);
  const activate = useRef(onActivate);
  activate.current = onActivate;

  useEffect(() => {
    if (!holder.current) return;
    const placed = markers.current;
    // A view from the start: Leaflet defers adding layers (and their elements) until a map has one.
    const created = L.map(holder.current, { scrollWheelZoom: false, attributionControl: true }).setView([39.8, -98.6], 3);
    L.tileLayer(TILES, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      placed.clear();
    };
  }, []);

  const key = points.map((p) => `${p.id}:${p.latitude}:${p.longitude}:${p.detail ?? ''}`).join('|');
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    for (const marker of markers.current.values()) marker.remove();
    markers.current.clear();
    for (const point of points) {
      const marker = L.circleMarker([point.latitude, point.longitude], { ...PLAIN, className: `doctor-marker doctor-marker-${point.id}` })
        .bindTooltip(tooltipContent(point))
        .addTo(current);
      marker.on('mouseover', () => activate.current?.(point.id));
      marker.on('mouseout', () => activate.current?.(null));
      markers.current.set(point.id, marker);
    }
    const only = points.length === 1 ? points[0] : undefined;
    if (only) current.setView([only.latitude, only.longitude], zoom);
    else if (points.length > 1)
      current.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), { padding: [24, 24], maxZoom: zoom });
    else current.setView([39.8, -98.6], 3);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for points
  }, [key, zoom]);

  useEffect(() => {
    for (const [id, marker] of markers.current) {
      const on = id === activeId;
      marker.setStyle(on ? ACTIVE : PLAIN);
      marker.setRadius(on ? ACTIVE.radius : PLAIN.radius);
      marker.getElement()?.classList.toggle('marker-active', on);
      if (on) marker.bringToFront();
    }
  }, [activeId, key]);

  return (
    <div className="clinic-map-frame">
      <div ref={holder} className="clinic-map" role="region" aria-label={label} />
      {tilesFailed && <p className="map-note muted">The map background could not load; the markers and the list are still here.</p>}
    </div>
  );
}
