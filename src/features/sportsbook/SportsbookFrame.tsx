import { EmbeddedFrame, type EmbeddedFrameProps, type FrameDoor } from '../embed/EmbeddedFrame';

export { OFFLINE_TEXT, handleFrameMessage } from '../embed/EmbeddedFrame';

import { UNAVAILABLE_TEXT } from './wording';

export { UNAVAILABLE_TEXT };

const SPORTSBOOK_DOOR: FrameDoor = {
  launchPath: '/games/iqs',
  namedInPage: true,
  title: 'Sportsbook',
  unavailableText: UNAVAILABLE_TEXT,
  loadingLabel: 'Loading the sportsbook',
  offlineDetail: 'Your bet slip is kept. The sportsbook comes back as soon as you are online.',
};

/** The embedded sportsbook, launched through GET /games/iqs. */
function SportsbookFrame(props: Omit<EmbeddedFrameProps, 'door'>) {
  return <EmbeddedFrame door={SPORTSBOOK_DOOR} {...props} />;
}

export default SportsbookFrame;
