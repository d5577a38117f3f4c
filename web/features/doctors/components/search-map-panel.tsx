// The map of /searchdoctor (decisions section 20): every result in view (the answer's markers, else the page's
// cards), 'Search this area' once the person pans or zooms, and a marker chosen brings its card into view. Leaflet
// loads lazily, once the map's box shows.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DoctorSearchAnswer } from '../../../../shared/schemas/doctor';
import { formatNumber } from '../../../../shared/lib/formats';
import { ratingText } from '../../../components/ui/rating-stars';
import { roundBounds, searchPath, withoutPlace } from '../search-params';
import type { SearchBounds, SearchState } from '../search-slice';
import type { MapPoint } from './clinic-map';
import { LazyClinicMap } from './lazy-clinic-map';

/** About 300 miles across (decisions section 20): a wider box asks to zoom in first. */
const BOX_MILES_MAX = 300;
const MILES_PER_DEGREE = 69;

function boxMiles(box: SearchBounds): number {
  const middle = ((box.north + box.south) / 2) * (Math.PI / 180);
  const wide = ((box.east - box.west + 360) % 360 || 360) * MILES_PER_DEGREE * Math.cos(middle);
  return Math.max((box.north - box.south) * MILES_PER_DEGREE, wide);
}

export interface SearchMapPanelProps {
  search: SearchState;
  /** The last answer, kept while the next one loads so the map does not jump. */
  result: DoctorSearchAnswer | undefined;
  activeId: number | null;
  onActivate: (id: number | null) => void;
  onSelect: (id: number) => void;
  /** 'list' or 'map' on a phone: Leaflet measures its box again when it shows. */
  view: string;
}

export function SearchMapPanel({ search, result, activeId, onActivate, onSelect, view }: SearchMapPanelProps) {
  const navigate = useNavigate();
  const [moved, setMoved] = useState<SearchBounds | null>(null);
  const searchKey = searchPath({ ...search, bounds: undefined, searchStart: 0 });
  // A new search (not another page of it) hides the offer until the map moves again.
  useEffect(() => setMoved(null), [searchKey, search.bounds]);

  const labelled = new Map((result?.data ?? []).map((d) => [d.id, d]));
  const cards: MapPoint[] = (result?.data ?? [])
    .filter((d) => typeof d.latitude === 'number' && typeof d.longitude === 'number')
    .map((d) => ({ id: d.id, latitude: d.latitude as number, longitude: d.longitude as number, label: d.clinic_name ?? d.name, detail: ratingText(d) }));
  const points: MapPoint[] = result?.markers
    ? result.markers.map((m) => {
        const doctor = labelled.get(m.id);
        return doctor ? { ...m, label: doctor.clinic_name ?? doctor.name, detail: ratingText(doctor) } : m;
      })
    : cards;
  const tooWide = moved !== null && boxMiles(moved) > BOX_MILES_MAX;

  const searchArea = () => {
    if (!moved) return;
    // The box replaces the place; distance has no centre in a box.
    navigate(searchPath({ ...withoutPlace(search), bounds: roundBounds(moved), sort: search.sort === 'distance' ? undefined : search.sort }));
  };

  return (
    <aside className="search-map" aria-label="Map of the results">
      {moved && (
        <button type="button" className="button button-primary search-area" onClick={searchArea} disabled={tooWide}>
          {tooWide ? 'Zoom in to search this area' : 'Search this area'}
        </button>
      )}
      <LazyClinicMap
        whenVisible
        points={points}
        activeId={activeId}
        onActivate={onActivate}
        onSelect={onSelect}
        onMoved={setMoved}
        fitKey={searchKey}
        box={search.bounds}
        shownKey={view}
        label={result?.markers ? 'Map of the veterinarians in this area' : 'Map of the veterinarians on this page'}
        zoom={12}
      />
      {result?.markers_capped && (
        <p className="map-capped muted">The map shows the first {formatNumber(result.markers?.length ?? 0)} practices in this area; zoom in to see them all.</p>
      )}
    </aside>
  );
}
