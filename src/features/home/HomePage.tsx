import { lazy, Suspense } from 'react';
import { routeFromAddress } from '../sportsbook/launch';

const SportsbookFrame = lazy(() => import('../sportsbook/SportsbookFrame'));

/** `/` is the sportsbook, embedded; `?sb=/event/abc` opens it at a match. */
export function HomePage() {
  return (
    <Suspense fallback={<div className="sportsbook-frame" aria-busy="true" />}>
      <SportsbookFrame route={routeFromAddress(window.location.search)} keepRouteInAddress title="Sportsbook" />
    </Suspense>
  );
}
