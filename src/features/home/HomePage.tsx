import { lazy, Suspense } from 'react';
import { routeFromAddress } from '../sportsbook/launch';
import './home.css';

// Lazy, so the host's first render stays one short task; the build preloads it (scripts/preload-lazy-chunk.ts).
const SportsbookFrame = lazy(() => import('../sportsbook/SportsbookFrame'));

/** `/` is the sportsbook, embedded; `?sb=/event/abc` opens it at a match. */
export function HomePage() {
  return (
    <>
      <h1 className="visually-hidden">ExSport Sportsbook</h1>
      <Suspense fallback={<div className="sportsbook-frame" aria-busy="true" />}>
        <SportsbookFrame route={routeFromAddress(window.location.search)} keepRouteInAddress title="Sportsbook" />
      </Suspense>
    </>
  );
}
