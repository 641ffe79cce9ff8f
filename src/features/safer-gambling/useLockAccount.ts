import { useMemo, useState } from 'react';
import { useStores } from '../../stores/context';
import { saferGamblingApi } from '../../api/safer-gambling';
import { errorMessage } from '../../api/http';
import type { LockAccountRequest, LockAccountResponse } from '../../contract/safer-gambling';
import { formatDateTime } from '../../lib/dates';

/** The confirmation the customer reads once the drawer has closed and they are logged out. */
export function lockedAlert(answer: Pick<LockAccountResponse, 'kind' | 'until' | 'permanently'>): string {
  if (answer.until === null) return 'You have permanently self-excluded and have been logged out. This account cannot be used again.';
  const what = answer.kind === 'time-out' ? 'Your time out has started' : 'Your self-exclusion has started';
  return `${what}. You have been logged out and cannot log in until ${formatDateTime(answer.until)}.`;
}

/** Lets the logout close the drawer before the alert blocks the page. */
const AFTER_CLOSE_MS = 100;

/**
 * Sends a time out or self-exclusion. The header is off while it runs; on success the customer is
 * logged out (the server has already revoked every token) and told so; on failure the header comes back.
 */
export function useLockAccount() {
  const { http, overlays, session, alert } = useStores();
  const api = useMemo(() => saferGamblingApi(http), [http]);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const lock = async (request: LockAccountRequest) => {
    setRunning(true);
    setFailure(null);
    overlays.setHeaderLocked(true);
    try {
      const answer = await api.lockAccount(request);
      overlays.setHeaderLocked(false);
      session.signOut('excluded');
      setTimeout(() => alert(lockedAlert(answer)), AFTER_CLOSE_MS);
    } catch (error) {
      overlays.setHeaderLocked(false);
      setFailure(errorMessage(error));
      setRunning(false);
    }
  };
  return { lock, running, failure, clearFailure: () => setFailure(null) };
}
