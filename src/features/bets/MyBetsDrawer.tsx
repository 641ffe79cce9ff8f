import { lazy, Suspense } from 'react';
import type { OverlayProps } from '../../overlays/types';
import { Spinner } from '../../ui/Spinner';

const SportsbookFrame = lazy(() => import('../sportsbook/SportsbookFrame'));

/** AllBets: "My Bets Sportsbook, opens an embedded page" — the sportsbook frame at its /bets route. */
export default function MyBetsDrawer(_props: OverlayProps) {
  return (
    <div className="sportsbook-frame--drawer">
      <Suspense fallback={<Spinner />}>
        <SportsbookFrame route="/bets" title="My Bets" />
      </Suspense>
    </div>
  );
}
