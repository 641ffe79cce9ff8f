import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { isFrameToHostMessage } from '../../../src/contract/bridge';
import { handleFrameMessage } from '../../../src/features/embed/EmbeddedFrame';
import { renderMarket } from './fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the Exchange Rules link', () => {
  it("sits beside the slip's commission line and asks the host for the rules", async () => {
    const { posted } = await renderMarket();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back Arsenal at 2.5, £120 available' }));
    });
    expect(screen.getByText(/2% commission on net market winnings/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exchange Rules' }));
    expect(posted).toHaveBeenCalledWith({ type: 'rules-requested' });
    expect(isFrameToHostMessage({ type: 'rules-requested' })).toBe(true);
  });

  it('opens the Exchange Rules drawer in the host, signed in or not', () => {
    const open = vi.fn();
    const store = {
      overlays: { open },
      session: { isLoggedIn: false },
      balance: { fetch: vi.fn() },
    } as unknown as Parameters<typeof handleFrameMessage>[0];
    handleFrameMessage(
      store,
      { type: 'rules-requested' },
      { onRoute: vi.fn(), relaunch: vi.fn(), launchedSignedIn: () => false, post: vi.fn() },
    );
    expect(open).toHaveBeenCalledWith('exchange-rules');
  });
});
