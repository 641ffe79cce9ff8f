import { EmbeddedFrame, type FrameDoor } from '../embed/EmbeddedFrame';

const EXCHANGE_DOOR: FrameDoor = {
  launchPath: '/games/p2p',
  title: 'Exchange',
  unavailableText: 'The exchange is unavailable right now. Please try again in a moment.',
  loadingLabel: 'Loading the exchange',
  offlineDetail: 'Your order slip is kept. The exchange comes back as soon as you are online.',
};

/** /exchange: the exchange's own page from its origin, launched through GET /games/p2p, bridged like the sportsbook. */
export default function ExchangeFrame() {
  return (
    <>
      <h1 className="visually-hidden">ExSport Exchange</h1>
      <EmbeddedFrame door={EXCHANGE_DOOR} route="/" title="Exchange" />
    </>
  );
}
