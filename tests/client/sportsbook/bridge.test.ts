import { describe, expect, it, vi } from 'vitest';
import { FrameBridge, hostOriginOf, type FrameWindow } from '../../../src/ui/frame/FrameBridge';
import { HostBridge, frameOriginOf } from '../../../src/features/embed/HostBridge';
import { handleFrameMessage } from '../../../src/features/sportsbook/SportsbookFrame';
import { oddsFormatMemory, type OddsFormatMemory } from '../../../src/features/sportsbook/odds-format';
import { PrefsStore } from '../../../src/sportsbook/stores/PrefsStore';
import { isFrameToHostMessage } from '../../../src/contract/bridge';
import { memoryStorage } from '../support/fakes';

const HOST = 'https://www.exsport.test';
const BOOK = 'https://sportsbook.exsport.test';

function fakeWindow() {
  let listener: ((event: MessageEvent) => void) | undefined;
  return {
    addEventListener: (_type: 'message', handler: (event: MessageEvent) => void) => void (listener = handler),
    removeEventListener: () => void (listener = undefined),
    deliver: (data: unknown, origin: string, source: unknown) => listener?.({ data, origin, source } as MessageEvent),
  };
}

describe('the frame end of the bridge', () => {
  it('reads only the host origin and its parent window, and posts only to the host origin', () => {
    const parent = { postMessage: vi.fn() };
    const win = { ...fakeWindow(), parent };
    const onMessage = vi.fn();
    const bridge = new FrameBridge(win as unknown as FrameWindow, HOST, onMessage);
    win.deliver({ type: 'logout' }, 'https://evil.test', parent);
    win.deliver({ type: 'logout' }, HOST, {});
    win.deliver({ type: 'navigate', path: '//evil.test' }, HOST, parent);
    win.deliver({ type: 'odds-format', format: 'decimal' }, HOST, parent);
    expect(onMessage.mock.calls).toEqual([[{ type: 'odds-format', format: 'decimal' }]]);
    bridge.post({ type: 'login-requested' });
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'login-requested' }, HOST);
  });

  it('takes the host origin from ancestorOrigins, else the referrer, and posts nothing without one', () => {
    expect(hostOriginOf({ ancestorOrigins: [HOST] }, 'https://other.test/page')).toBe(HOST);
    expect(hostOriginOf({}, `${HOST}/?sb=/bets`)).toBe(HOST);
    expect(hostOriginOf({}, '')).toBeNull();
    const parent = { postMessage: vi.fn() };
    new FrameBridge({ ...fakeWindow(), parent } as unknown as FrameWindow, null, vi.fn()).post({ type: 'ready' });
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});

describe('the host end of the bridge', () => {
  it('reads only messages from its iframe at the sportsbook origin, and posts only there', () => {
    const frame = { postMessage: vi.fn() };
    const win = fakeWindow();
    const onMessage = vi.fn();
    const bridge = new HostBridge(win, BOOK, () => frame, onMessage);
    win.deliver({ type: 'login-requested' }, 'https://evil.test', frame);
    win.deliver({ type: 'login-requested' }, BOOK, { postMessage: vi.fn() });
    win.deliver({ type: 'deposit-requested', shortfall: -5 }, BOOK, frame);
    win.deliver({ type: 'route', path: 'javascript:alert(1)' }, BOOK, frame);
    win.deliver({ type: 'deposit-requested', shortfall: 250 }, BOOK, frame);
    expect(onMessage.mock.calls).toEqual([[{ type: 'deposit-requested', shortfall: 250 }]]);
    bridge.post({ type: 'logout' });
    expect(frame.postMessage).toHaveBeenCalledWith({ type: 'logout' }, BOOK);
  });

  it('takes the sportsbook origin from the launch URL and refuses other schemes', () => {
    expect(frameOriginOf(`${BOOK}/event/abc#launch=token`)).toBe(BOOK);
    expect(frameOriginOf('javascript:alert(1)')).toBeNull();
    expect(frameOriginOf('not a url')).toBeNull();
  });
});

describe('the odds format across the bridge', () => {
  const store = {
    overlays: { open: vi.fn() },
    session: { isLoggedIn: false },
    balance: { fetch: vi.fn() },
  } as unknown as Parameters<typeof handleFrameMessage>[0];
  const handlers = (memory: OddsFormatMemory, post = vi.fn()) => ({
    onRoute: vi.fn(),
    relaunch: vi.fn(),
    launchedSignedIn: () => false,
    post,
    oddsFormat: memory,
  });

  it('the frame tells the host the format the customer chose there, and only a real format', () => {
    const parent = { postMessage: vi.fn() };
    const prefs = new PrefsStore(memoryStorage(), (format) =>
      new FrameBridge({ ...fakeWindow(), parent } as unknown as FrameWindow, HOST, vi.fn()).post({
        type: 'odds-format',
        format,
      }),
    );
    prefs.chooseOddsFormat('decimal');
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'odds-format', format: 'decimal' }, HOST);
    parent.postMessage.mockClear();
    prefs.setOddsFormat('fractional');
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(isFrameToHostMessage({ type: 'odds-format', format: 'decimal' })).toBe(true);
    expect(isFrameToHostMessage({ type: 'odds-format', format: 'american' })).toBe(false);
  });

  it('the host keeps the choice and gives it back when the frame loads, so both show the same odds across visits', () => {
    const storage = memoryStorage();
    const memory = oddsFormatMemory(storage);
    const post = vi.fn();
    handleFrameMessage(store, { type: 'ready' }, handlers(memory, post));
    expect(post).not.toHaveBeenCalled();
    handleFrameMessage(store, { type: 'odds-format', format: 'decimal' }, handlers(memory));
    const nextVisit = oddsFormatMemory(storage);
    handleFrameMessage(store, { type: 'ready' }, handlers(nextVisit, post));
    expect(post).toHaveBeenCalledWith({ type: 'odds-format', format: 'decimal' });
  });
});
