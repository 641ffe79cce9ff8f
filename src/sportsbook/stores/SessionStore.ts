import { FrameSession, type FrameSessionDeps } from '../../ui/frame/FrameSession';
import type { SportsbookApi } from '../services/api';

export const SESSION_KEY = 'sb.session';

export type SessionDeps = Omit<FrameSessionDeps, 'api' | 'storageKey'> & { api: () => SportsbookApi };

/** The frame's sportsbook session (see FrameSession). */
export class SessionStore extends FrameSession {
  constructor(deps: SessionDeps) {
    super({ ...deps, storageKey: SESSION_KEY });
  }
}
