// The map loads in its own chunk, only on pages that show one (docs/product.md, Search); its box keeps its size
// meanwhile, so nothing moves when it arrives.
import { lazy, Suspense } from 'react';
import type { ClinicMapProps } from './clinic-map';

const ClinicMap = lazy(() => import('./clinic-map'));

export function LazyClinicMap(props: ClinicMapProps) {
  return (
    <Suspense
      fallback={
        <div className="clinic-map-frame">
          <div className="clinic-map clinic-map-loading" aria-hidden="true" />
        </div>
      }
    >
      <ClinicMap {...props} />
    </Suspense>
  );
}
