import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { StoreProvider } from '../../../src/stores/context';
import { toStoredToken } from '../../../src/stores/SessionStore';
import SportsbookFrame, { OFFLINE_TEXT, UNAVAILABLE_TEXT } from '../../../src/features/sportsbook/SportsbookFrame';
import { FRAME_START_MS } from '../../../src/features/embed/EmbeddedFrame';
import { addressForRoute, routeFromAddress } from '../../../src/features/sportsbook/launch';
import { callsTo, createTestRoot, demoUser, token } from '../support/fakes';
import { SPORTSBOOK_URL_META } from '../../../src/contract/host-page';
import { EARLY_FRAME, type EarlyFrame } from '../../../src/features/embed/earlyFrame';

const BOOK = 'http://sportsbook.test';

afterEach(() => {
  cleanup();
  document.head.querySelector(`meta[name="${SPORTSBOOK_URL_META}"]`)?.remove();
  (window as unknown as Record<string, EarlyFrame | undefined>)[EARLY_FRAME]?.frame.remove();
  Reflect.deleteProperty(window, EARLY_FRAME);
  Reflect.deleteProperty(Element.prototype, 'moveBefore');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderFrame(options: { signedIn?: boolean; route?: string } = {}) {
  const test = createTestRoot({
    routes: {
      'GET /games/iqs': (_body, { url, init }) => ({
        status: 200,
        body: {
          url: `${BOOK}${url.searchParams.get('route') ?? '/'}${(init.headers as Record<string, string>).authorization ? '#launch=abcdefghijklmnopqrstuvwx' : ''}`,
        },
      }),
      'GET /user/details': { status: 200, body: demoUser },
      'GET /balance': { status: 200, body: { balance: 1000, currency: 'GBP' } },
    },
  });
  if (options.signedIn) runInAction(() => (test.root.session.token = toStoredToken(token(), Date.now())));
  const view = render(
    <StoreProvider store={test.root}>
      <SportsbookFrame route={options.route ?? '/event/ev-1'} keepRouteInAddress />
    </StoreProvider>,
  );
  return { ...test, view };
}

async function frameWindow(): Promise<Window> {
  const iframe = (await screen.findByTitle('Sportsbook')) as HTMLIFrameElement;
  // The bridge listens from the frame's effect, which runs after the iframe is on the page.
  await act(async () => undefined);
  return iframe.contentWindow!;
}

function fromFrame(source: Window, data: unknown, origin = BOOK) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('the sportsbook frame on the host page', () => {
  it('launches the frame at the deep-linked route from /games/iqs', async () => {
    const { fetch } = renderFrame();
    const iframe = (await screen.findByTitle('Sportsbook')) as HTMLIFrameElement;
    expect(iframe.getAttribute('src')).toBe(`${BOOK}/event/ev-1`);
    expect(new URL(String(callsTo(fetch, 'GET /games/iqs')[0]![0])).searchParams.get('route')).toBe('/event/ev-1');
  });

  it('opens a signed-out / at the address the page names, without asking /games/iqs first', async () => {
    const named = document.createElement('meta');
    named.name = SPORTSBOOK_URL_META;
    named.content = `${BOOK}/`;
    document.head.append(named);
    const { fetch } = renderFrame({ route: '/' });
    const iframe = (await screen.findByTitle('Sportsbook')) as HTMLIFrameElement;
    expect(iframe.getAttribute('src')).toBe(`${BOOK}/`);
    expect(callsTo(fetch, 'GET /games/iqs')).toHaveLength(0);
  });

  it('opens a signed-out / with its first render once the host has painted, not a frame and a task later', () => {
    const named = document.createElement('meta');
    named.name = SPORTSBOOK_URL_META;
    named.content = `${BOOK}/`;
    document.head.append(named);
    const painted = [{ name: 'first-contentful-paint', entryType: 'paint', startTime: 900 }] as PerformanceEntry[];
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) => (type === 'paint' ? painted : []));
    renderFrame({ route: '/' });
    expect(screen.getByTitle('Sportsbook').getAttribute('src')).toBe(`${BOOK}/`);
  });

  it('asks /games/iqs when signed in or deep-linked, whatever the page names', async () => {
    const named = document.createElement('meta');
    named.name = SPORTSBOOK_URL_META;
    named.content = `${BOOK}/`;
    document.head.append(named);
    const signedIn = renderFrame({ route: '/', signedIn: true });
    const iframe = (await screen.findByTitle('Sportsbook')) as HTMLIFrameElement;
    expect(iframe.getAttribute('src')).toBe(`${BOOK}/#launch=abcdefghijklmnopqrstuvwx`);
    expect(callsTo(signedIn.fetch, 'GET /games/iqs')).toHaveLength(1);
    cleanup();
    const deepLink = renderFrame();
    await screen.findByTitle('Sportsbook');
    expect(callsTo(deepLink.fetch, 'GET /games/iqs')).toHaveLength(1);
  });

  it('says the sportsbook could not start, with Try again, in place of a frame that never says ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetch } = renderFrame();
    await screen.findByTitle('Sportsbook');
    await act(() => vi.advanceTimersByTimeAsync(FRAME_START_MS));
    expect(screen.queryByTitle('Sportsbook')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(UNAVAILABLE_TEXT);
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    await screen.findByTitle('Sportsbook');
    expect(callsTo(fetch, 'GET /games/iqs')).toHaveLength(2);
  });

  it('keeps a frame that said ready however long it then takes, and lets the background work go on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const rendered = renderFrame();
    const source = await frameWindow();
    const { root } = rendered;
    const shown = vi.spyOn(root.firstScreen, 'shown');
    fromFrame(source, { type: 'ready' });
    // The page's background work (the rules saved for offline) may go on now.
    expect(shown).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(FRAME_START_MS * 2));
    expect(screen.getByTitle('Sportsbook')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens bet-not-logged-in when a logged-out visitor presses Place', async () => {
    const { root } = renderFrame();
    const source = await frameWindow();
    fromFrame(source, { type: 'login-requested' });
    expect(root.overlays.top?.definition.name).toBe('bet-not-logged-in');
  });

  it('ignores the same request from another origin or another window', async () => {
    const { root } = renderFrame();
    const source = await frameWindow();
    fromFrame(source, { type: 'login-requested' }, 'http://evil.test');
    fromFrame(window, { type: 'login-requested' });
    expect(root.overlays.stack).toHaveLength(0);
  });

  it('opens the deposit drawer when a signed-in stake is above the balance', async () => {
    const { root } = renderFrame({ signedIn: true });
    const source = await frameWindow();
    fromFrame(source, { type: 'deposit-requested', shortfall: 500 });
    expect(root.overlays.top?.definition.name).toBe('account_deposit');
  });

  it("keeps the frame's route in the host address", async () => {
    renderFrame();
    const source = await frameWindow();
    fromFrame(source, { type: 'route', path: '/event/ev-9' });
    expect(window.location.search).toBe('?sb=/event/ev-9');
    expect(routeFromAddress(window.location.search)).toBe('/event/ev-9');
    fromFrame(source, { type: 'route', path: '/' });
    expect(window.location.search).toBe('');
  });

  it('shows the offline message in the frame place, and the frame again once online', async () => {
    const { root } = renderFrame();
    const iframe = (await screen.findByTitle('Sportsbook')) as HTMLIFrameElement;
    act(() => root.network.set(false));
    expect(screen.getByText(OFFLINE_TEXT)).toBeTruthy();
    expect(iframe.hidden).toBe(true);
    act(() => root.network.set(true));
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    expect(iframe.hidden).toBe(false);
  });

  it('after sign-in sends a signed-in launch URL through iframeRedirect, and tells the frame at logout', async () => {
    const { root } = renderFrame();
    const source = await frameWindow();
    const post = vi.spyOn(source, 'postMessage');
    runInAction(() => (root.session.token = toStoredToken(token(), Date.now())));
    await waitFor(() => expect(root.overlays.redirectUrl).toBe(`${BOOK}/event/ev-1#launch=abcdefghijklmnopqrstuvwx`));
    expect(post).toHaveBeenCalledWith(
      { type: 'launch', url: `${BOOK}/event/ev-1#launch=abcdefghijklmnopqrstuvwx` },
      BOOK,
    );
    act(() => root.session.signOut('logout'));
    expect(post).toHaveBeenCalledWith({ type: 'logout' }, BOOK);
  });

  it('tells the frame at once that the customer signed in, before the launch URL is fetched', async () => {
    const { root } = renderFrame();
    const source = await frameWindow();
    const post = vi.spyOn(source, 'postMessage');
    runInAction(() => (root.session.token = toStoredToken(token(), Date.now())));
    expect(post).toHaveBeenNthCalledWith(1, { type: 'signing-in' }, BOOK);
    await waitFor(() => expect(root.overlays.redirectUrl).not.toBeNull());
  });

  it('sends the session again when the frame (re)loads after sign-in without it', async () => {
    const { root } = renderFrame();
    const source = await frameWindow();
    runInAction(() => (root.session.token = toStoredToken(token(), Date.now())));
    await waitFor(() => expect(root.overlays.redirectUrl).not.toBeNull());
    // The launch was posted while the frame was still loading, so it never heard it.
    const post = vi.spyOn(source, 'postMessage');
    fromFrame(source, { type: 'ready', signedIn: false });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        { type: 'launch', url: `${BOOK}/event/ev-1#launch=abcdefghijklmnopqrstuvwx` },
        BOOK,
      ),
    );
    expect(post).toHaveBeenCalledWith({ type: 'signing-in' }, BOOK);

    // A frame that kept its session says so, and is left be.
    post.mockClear();
    fromFrame(source, { type: 'ready', signedIn: true });
    await act(async () => undefined);
    expect(post).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'launch' }), BOOK);
  });

  it('never closes a flow the customer went on with: signed in during registration, the launch goes straight to the frame', async () => {
    const { root } = renderFrame();
    const source = await frameWindow();
    const post = vi.spyOn(source, 'postMessage');
    act(() => root.overlays.open('register'));
    runInAction(() => (root.session.token = toStoredToken(token(), Date.now())));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        { type: 'launch', url: `${BOOK}/event/ev-1#launch=abcdefghijklmnopqrstuvwx` },
        BOOK,
      ),
    );
    expect(root.overlays.top?.definition.name).toBe('register');
    expect(root.overlays.redirectUrl).toBeNull();
  });
});

/**
 * The frame the page's start opened (src/app/startAfterFirstPaint.ts), with what it said before the app listened.
 * jsdom gives a moved frame a new window, where a browser's moveBefore keeps it: the move is recorded, not made.
 */
function frameOpenedByThePage(said: string[] = []) {
  const named = document.createElement('meta');
  named.name = SPORTSBOOK_URL_META;
  named.content = `${BOOK}/`;
  document.head.append(named);
  const frame = document.createElement('iframe');
  frame.src = `${BOOK}/`;
  frame.style.visibility = 'hidden';
  document.body.append(frame);
  const kept = said.map(
    (type) => new MessageEvent('message', { data: { type }, origin: BOOK, source: frame.contentWindow }),
  );
  const early: EarlyFrame = { frame, takeMessages: () => kept.splice(0) };
  (window as unknown as Record<string, EarlyFrame>)[EARLY_FRAME] = early;
  const moves: Array<[Element, Node]> = [];
  Object.defineProperty(Element.prototype, 'moveBefore', {
    value(this: Element, node: Node) {
      moves.push([this, node]);
    },
    configurable: true,
  });
  return { frame, moves };
}

describe('the frame the page opened before the app ran', () => {
  it('is moved into its place, named and shown, instead of a second frame and without asking /games/iqs', async () => {
    const { frame, moves } = frameOpenedByThePage();
    const { fetch } = renderFrame({ route: '/' });
    expect(moves).toEqual([[screen.getByTestId('sportsbook-frame').querySelector('.sportsbook-frame__slot'), frame]]);
    expect(frame.title).toBe('Sportsbook');
    expect(frame.className).toBe('sportsbook-frame__iframe');
    expect(frame.style.visibility).toBe('');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    await act(async () => undefined);
    expect(callsTo(fetch, 'GET /games/iqs')).toHaveLength(0);
  });

  it('is heard from its first word: a ready said before the app listened counts, and what it says next is answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { frame } = frameOpenedByThePage(['ready']);
    const { root } = renderFrame({ route: '/' });
    // Heard: the frame is not taken for one that never started.
    await act(() => vi.advanceTimersByTimeAsync(FRAME_START_MS));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(frame.className).toBe('sportsbook-frame__iframe');
    fromFrame(frame.contentWindow!, { type: 'login-requested' });
    await waitFor(() => expect(root.overlays.isOpen('bet-not-logged-in')).toBe(true));
  });

  it('goes like any frame that never says ready: replaced by the message with Try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    frameOpenedByThePage();
    renderFrame({ route: '/' });
    await act(() => vi.advanceTimersByTimeAsync(FRAME_START_MS));
    expect(document.querySelector('.sportsbook-frame__slot')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(UNAVAILABLE_TEXT);
  });

  it('is hidden offline, as a rendered frame is', async () => {
    const { frame } = frameOpenedByThePage();
    const { root } = renderFrame({ route: '/' });
    await act(async () => runInAction(() => (root.network.online = false)));
    expect(frame.hidden).toBe(true);
    await act(async () => runInAction(() => (root.network.online = true)));
    expect(frame.hidden).toBe(false);
  });

  it('is loaded again in its place when the browser refuses the move, and counts once it says ready from there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { frame } = frameOpenedByThePage();
    Object.defineProperty(Element.prototype, 'moveBefore', {
      value() {
        throw new DOMException('The node to be moved is not connected.', 'HierarchyRequestError');
      },
      configurable: true,
    });
    renderFrame({ route: '/' });
    expect(frame.parentElement).toBe(document.querySelector('.sportsbook-frame__slot'));
    await act(async () => undefined);
    fromFrame(frame.contentWindow!, { type: 'ready' });
    await act(() => vi.advanceTimersByTimeAsync(FRAME_START_MS));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTitle('Sportsbook')).toBe(frame);
  });

  it('is closed, not shown, for a visitor the app finds signed in: their frame is launched signed in', async () => {
    const { frame, moves } = frameOpenedByThePage();
    const { fetch } = renderFrame({ route: '/', signedIn: true });
    expect(frame.isConnected).toBe(false);
    expect(moves).toEqual([]);
    const launched = (await screen.findByTitle('Sportsbook')) as HTMLIFrameElement;
    expect(launched.getAttribute('src')).toBe(`${BOOK}/#launch=abcdefghijklmnopqrstuvwx`);
    expect(callsTo(fetch, 'GET /games/iqs')).toHaveLength(1);
  });
});

describe('host addresses for frame routes', () => {
  it('writes and reads ?sb=', () => {
    expect(addressForRoute('/', '?x=1', '', '/bets')).toBe('/?x=1&sb=/bets');
    expect(routeFromAddress('?sb=//evil.test')).toBe('/');
  });
});
