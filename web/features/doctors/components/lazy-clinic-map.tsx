// The map loads in its own chunk, only on pages that show one (docs/product.md, Search); its box keeps its size
// meanwhile, so nothing moves when it arrives. With `whenVisible` (a profile, where the map sits below the first
// screen on a phone) Leaflet and its tiles load only once the box comes near the viewport.
import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import type { ClinicMapProps } from './clinic-map';
import '../doctors.css';

// Offline or unreachable, the map's code cannot load: the page goes on without the map (docs/product.md 28.1)
// instead of failing whole; the next visit loads it again.
const ClinicMap = lazy(() => import('./clinic-map').catch(() => ({ default: () => <></> })));

function MapPlaceholder({ frameRef }: { frameRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="clinic-map-frame" ref={frameRef}>
      <div className="clinic-map clinic-map-loading" aria-hidden="true" />
    </div>
  );
}

export function LazyClinicMap({ whenVisible = false, ...props }: ClinicMapProps & { whenVisible?: boolean }) {
  // NOTE: decided in an effect, not at the first render: the server (no IntersectionObserver) renders the box as
  // the browser's first render does, so hydration matches.
  const [near, setNear] = useState(!whenVisible);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !frame.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px' },
    );
    observer.observe(frame.current);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <MapPlaceholder frameRef={frame} />;
  return (
    <Suspense fallback={<MapPlaceholder />}>
      <ClinicMap {...props} />
    </Suspense>
  );
}
