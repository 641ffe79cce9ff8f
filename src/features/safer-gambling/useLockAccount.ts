import { useMemo, useState } from 'react';
import { useStores } from '../../stores/context';
import { saferGamblingApi } from '../../api/safer-gambling';
import { errorMessage } from '../../api/http';
import type { LockAccountRequest, LockAccountResponse } from '../../contract/safer-gambling';
import { formatDateTime } from '../../lib/dates';

/** The confirmation the customer reads once they are logged out, on the account-locked screen. */
export function lockedAlert(answer: Pick<LockAccountResponse, 'kind' | 'until' | 'permanently'>): string {
  if (answer.until === null)
    return 'You have permanently self-excluded and have been logged out. This account cannot be used again.';
  const what = answer.kind === 'time-out' ? 'Your time out has started' : 'Your self-exclusion has started';
  return `${what}. You have been logged out and cannot log in until ${formatDateTime(answer.until)}.`;
}

/**
 * Sends a time out or self-exclusion. The header is off while it runs; on success the customer is
 * logged out (the server has already revoked every token) and the account-locked screen says what happens
 * now and where to get help; on failure the header comes back.
 */
export function useLockAccount() {
  const { http, overlays, session } = useStores();
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
      // Signing out closes every drawer; the screen that announces the lock then opens, signed out.
      session.signOut('excluded');
      overlays.open('account-locked', answer);
    } catch (error) {
      overlays.setHeaderLocked(false);
      setFailure(errorMessage(error));
      setRunning(false);
    }
  };
  return { lock, running, failure, clearFailure: () => setFailure(null) };
}
