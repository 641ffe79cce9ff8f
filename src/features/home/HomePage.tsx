import { routeFromAddress } from '../sportsbook/launch';
import SportsbookFrame from '../sportsbook/SportsbookFrame';
import './home.css';

/** `/` is the sportsbook, embedded; `?sb=/event/abc` opens it at a match. */
export function HomePage() {
  return (
    <>
      <h1 className="visually-hidden">ExSport Sportsbook</h1>
      {/* In the first chunk, not lazy: the frame is what `/` is for, and its launch waits on this code */}
      <SportsbookFrame route={routeFromAddress(window.location.search)} keepRouteInAddress title="Sportsbook" />
    </>
  );
}
