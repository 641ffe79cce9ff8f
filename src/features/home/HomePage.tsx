import { laterModule, useLaterModule } from '../../ui/laterModule';
import { routeFromAddress } from '../sportsbook/launch';
import { UNAVAILABLE_TEXT } from '../sportsbook/wording';
import { FrameUnavailable } from '../embed/FrameUnavailable';
import './home.css';

// Not in the first render, so the host's first render stays one short task; the build preloads its code
// (scripts/preload-lazy-chunk.ts), and it is shown the moment it is there, with no Suspense to hold it back.
const sportsbookFrame = laterModule(() => import('../sportsbook/SportsbookFrame'));

/** `/` is the sportsbook, embedded; `?sb=/event/abc` opens it at a match. */
export function HomePage() {
  const { module, failed, retry } = useLaterModule(sportsbookFrame);
  const SportsbookFrame = module?.default;
  return (
    <>
      <h1 className="visually-hidden">ExSport Sportsbook</h1>
      {SportsbookFrame ? (
        <SportsbookFrame route={routeFromAddress(window.location.search)} keepRouteInAddress title="Sportsbook" />
      ) : failed ? (
        <div className="sportsbook-frame">
          <FrameUnavailable text={UNAVAILABLE_TEXT} onRetry={retry} />
        </div>
      ) : (
        <div className="sportsbook-frame" aria-busy="true" />
      )}
    </>
  );
}
