import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameToHostMessage, HostToFrameMessage } from '../../../src/contract/bridge';
import type { Sportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { fakeFetch, type Reply } from '../support/fakes';
import { betView, event, frameOn, liveSelection } from './fixtures';

/**
 * The slip right after the customer signs in at the host: the host says so over the bridge at once, then sends the
 * launch URL; the frame trades its token for a session. A Place pressed anywhere in between waits for the session
 * and then places, never asking a signed-in customer to log in.
 */

const HOST = 'http://host.test';
const LAUNCH = 'abcdefghijklmnopqrstuvwxyz012345';

/** A promise the test resolves: the session answer held back, as a loaded server would. */
function held<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function fromHost(data: HostToFrameMessage) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: HOST, source: window }));
}

async function signedOutFrameWithAStake(sessionAnswer: Promise<Reply>) {
  const fetch = fakeFetch({
    'POST /api/session': () => sessionAnswer,
    'POST /api/bets': (body) => ({
      status: 201,
      body: { bet: betView((body as { betId: string }).betId, { stake: 200 }) },
    }),
  });
  const sportsbook = frameOn(fetch, '/');
  const posted: FrameToHostMessage[] = [];
  vi.spyOn(sportsbook.bridge, 'post').mockImplementation((message) => void posted.push(message));
  await sportsbook.start();
  const home = liveSelection(event('ev-1', { status: 'scheduled', phase: 'pre-match', minute: 0 }), 0);
  sportsbook.slip.store!.toggle(home);
  sportsbook.slip.store!.setStake(home.selection.id, '2');
  return { sportsbook, fetch, posted };
}

const launchUrl = () => `${window.location.origin}/#launch=${LAUNCH}`;

const sessionReply: Reply = { status: 201, body: { sessionToken: 'session-1', balance: 5000, currency: 'GBP' } };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  // The frame knows its host by the embedding page's origin (here the referrer's).
  Object.defineProperty(document, 'referrer', { value: `${HOST}/`, configurable: true });
});

afterEach(() => {
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  window.sessionStorage.clear();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

async function placedAfterSession(sportsbook: Sportsbook, pressed: Promise<void>, answer: () => void) {
  expect(sportsbook.slip.store!.waitingForSession).toBe(true);
  expect(sportsbook.slip.store!.notice).toBeNull();
  answer();
  await pressed;
  await flush();
  expect(sportsbook.slip.store!.waitingForSession).toBe(false);
}

describe('the slip right after sign-in at the host', () => {
  it('a Place pressed after the host said "signing in", before the launch URL came, waits and then places', async () => {
    const answer = held<Reply>();
    const { sportsbook, fetch, posted } = await signedOutFrameWithAStake(answer.promise);
    expect(posted).toContainEqual({ type: 'ready', signedIn: false });

    fromHost({ type: 'signing-in' });
    expect(sportsbook.session.starting).toBe(true);
    const pressed = sportsbook.slip.store!.place();
    await flush();
    fromHost({ type: 'launch', url: launchUrl() });
    await placedAfterSession(sportsbook, pressed, () => answer.resolve(sessionReply));

    expect(posted).not.toContainEqual({ type: 'login-requested' });
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/bets'))).toBe(true);
    expect(sportsbook.slip.store!.placements.map((placement) => placement.state)).toEqual(['accepted']);
  });

  it('a Place pressed while the launch token is being traded waits for the session, then places', async () => {
    const answer = held<Reply>();
    const { sportsbook, posted } = await signedOutFrameWithAStake(answer.promise);
    fromHost({ type: 'launch', url: launchUrl() });
    const pressed = sportsbook.slip.store!.place();
    await placedAfterSession(sportsbook, pressed, () => answer.resolve(sessionReply));
    expect(posted).not.toContainEqual({ type: 'login-requested' });
    expect(sportsbook.slip.store!.placements.map((placement) => placement.state)).toEqual(['accepted']);
  });

  it('"Log in to place your bet" goes as soon as the session comes', async () => {
    const { sportsbook, posted } = await signedOutFrameWithAStake(Promise.resolve(sessionReply));
    await sportsbook.slip.store!.place();
    expect(sportsbook.slip.store!.notice).toMatch(/^Log in to place your bet/);
    expect(posted).toContainEqual({ type: 'login-requested' });

    fromHost({ type: 'launch', url: launchUrl() });
    await flush();
    expect(sportsbook.session.signedIn).toBe(true);
    expect(sportsbook.slip.store!.notice).toBeNull();
  });

  it('a launch that never comes ends the wait: the slip asks to log in', async () => {
    vi.useFakeTimers();
    try {
      const { sportsbook, posted } = await signedOutFrameWithAStake(new Promise(() => undefined));
      fromHost({ type: 'signing-in' });
      const pressed = sportsbook.slip.store!.place();
      expect(sportsbook.slip.store!.waitingForSession).toBe(true);
      await vi.advanceTimersByTimeAsync(10_000);
      await pressed;
      expect(sportsbook.slip.store!.waitingForSession).toBe(false);
      expect(sportsbook.slip.store!.notice).toMatch(/^Log in to place your bet/);
      expect(posted).toContainEqual({ type: 'login-requested' });
    } finally {
      vi.useRealTimers();
    }
  });
});
