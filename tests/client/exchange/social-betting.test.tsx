import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StoreProvider } from '../../../src/stores/context';
import MobileSwitcherDrawer from '../../../src/features/shell/MobileSwitcherDrawer';
import DownloadAppModal from '../../../src/features/shell/DownloadAppModal';
import ExchangeFrame from '../../../src/features/exchange/ExchangeFrame';
import { callsTo, createTestRoot } from '../support/fakes';
import { EXCHANGE_IN_BROWSER_META } from '../../../src/contract/host-page';

const EXCHANGE = 'http://exchange.test';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function renderSwitcher(options: Parameters<typeof createTestRoot>[0] = {}) {
  const test = createTestRoot(options);
  render(
    <StoreProvider store={test.root}>
      <MobileSwitcherDrawer />
    </StoreProvider>,
  );
  return test;
}

describe('Social betting in a browser tab', () => {
  it('opens the download-app modal', () => {
    const { root } = renderSwitcher();
    fireEvent.click(screen.getByRole('button', { name: /Social betting/ }));
    expect(root.overlays.top?.definition.name).toBe('download-app');
    expect(root.exchange.showing).toBe(false);
    expect(window.location.pathname).toBe('/');
  });

  it('offers Install the app beside the store button where the browser can install', async () => {
    const { root } = createTestRoot();
    render(
      <StoreProvider store={root}>
        <DownloadAppModal />
      </StoreProvider>,
    );
    expect(screen.getByRole('link', { name: 'Download the app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
    const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(prompt);
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    });
    expect(prompt.prompt).toHaveBeenCalled();
  });

  it('opens the exchange when the server says EXCHANGE_IN_BROWSER', async () => {
    const { root } = renderSwitcher({
      routes: {
        'GET /api/config': { status: 200, body: { supportEmail: 'help@example.com', exchangeInBrowser: true } },
      },
    });
    await act(async () => {
      await root.exchange.loadConfig();
    });
    fireEvent.click(screen.getByRole('button', { name: /Social betting/ }));
    expect(root.exchange.showing).toBe(true);
    expect(window.location.pathname).toBe('/exchange');
  });
});

describe("the server's exchange setting", () => {
  const config = { status: 200, body: { supportEmail: 'help@example.com', exchangeInBrowser: true } };

  it("waits for idle time at `/`, off the first load's path", async () => {
    const { root, fetch } = createTestRoot({ routes: { 'GET /api/config': config } });
    let idleTask: (() => void) | undefined;
    root.exchange.loadConfigWhenNeeded((task) => (idleTask = task));
    expect(callsTo(fetch, 'GET /api/config')).toHaveLength(0);
    await act(async () => idleTask!());
    await waitFor(() => expect(root.exchange.available).toBe(true));
    expect(callsTo(fetch, 'GET /api/config')).toHaveLength(1);
  });

  it('is asked at once at /exchange, where the page depends on it', async () => {
    window.history.replaceState(null, '', '/exchange');
    const { root, fetch } = createTestRoot({ routes: { 'GET /api/config': config } });
    root.exchange.loadConfigWhenNeeded(() => undefined);
    await waitFor(() => expect(root.exchange.showing).toBe(true));
    expect(callsTo(fetch, 'GET /api/config')).toHaveLength(1);
    window.history.replaceState(null, '', '/');
  });

  it('is not asked at all when the page says it, at /exchange too: the exchange shows from the first render', () => {
    window.history.replaceState(null, '', '/exchange');
    const meta = document.createElement('meta');
    meta.name = EXCHANGE_IN_BROWSER_META;
    meta.content = 'true';
    document.head.append(meta);
    try {
      const { root, fetch } = createTestRoot({ routes: { 'GET /api/config': config } });
      expect(root.exchange.showing).toBe(true);
      root.exchange.loadConfigWhenNeeded((task) => task());
      expect(callsTo(fetch, 'GET /api/config')).toHaveLength(0);
    } finally {
      meta.remove();
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('Social betting in the installed app', () => {
  it('opens the exchange at /exchange instead of the modal', () => {
    const { root } = renderSwitcher({ standalone: true });
    fireEvent.click(screen.getByRole('button', { name: /Social betting/ }));
    expect(root.overlays.stack).toHaveLength(0);
    expect(root.exchange.showing).toBe(true);
    expect(window.location.pathname).toBe('/exchange');
  });

  it('frames the exchange from the launch address of GET /games/p2p, bridged like the sportsbook', async () => {
    const { root, fetch } = createTestRoot({
      standalone: true,
      routes: { 'GET /games/p2p': { status: 200, body: { url: `${EXCHANGE}/` } } },
    });
    render(
      <StoreProvider store={root}>
        <ExchangeFrame />
      </StoreProvider>,
    );
    const iframe = (await screen.findByTitle('Exchange')) as HTMLIFrameElement;
    expect(iframe.getAttribute('src')).toBe(`${EXCHANGE}/`);
    expect(callsTo(fetch, 'GET /games/p2p')).toHaveLength(1);
    expect(callsTo(fetch, 'GET /games/iqs')).toHaveLength(0);
    await act(async () => undefined);

    const fromFrame = (origin: string) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data: { type: 'login-requested' }, origin, source: iframe.contentWindow }),
        );
      });
    fromFrame('http://evil.test');
    expect(root.overlays.stack).toHaveLength(0);
    fromFrame(EXCHANGE);
    expect(root.overlays.top?.definition.name).toBe('bet-not-logged-in');
  });
});
