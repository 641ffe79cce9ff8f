import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OverlayScreen, SCREEN_FAILED } from '../../src/app/OverlayScreen';
import { retryableLazy } from '../../src/ui/retryableLazy';
import type { OverlayDefinition, OverlayProps } from '../../src/overlays/types';

afterEach(cleanup);

const Loaded = ({ data }: OverlayProps<{ text: string }>) => <p>{data?.text}</p>;
const definition = (load: () => Promise<{ default: typeof Loaded }>): OverlayDefinition => ({
  name: 'terms',
  kind: 'drawer',
  title: 'Terms',
  slide: 'right',
  component: retryableLazy(load),
});

describe('an overlay screen whose code fails to load', () => {
  it('shows Error with Retry inside its drawer, and Retry loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Loaded });
    render(<OverlayScreen definition={definition(load)} data={{ text: 'The terms' }} />);
    expect((await screen.findByRole('alert')).textContent).toBe(SCREEN_FAILED);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The terms')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a screen that loads is shown without a second load', async () => {
    const load = vi.fn().mockResolvedValue({ default: Loaded });
    const shown = definition(load);
    render(<OverlayScreen definition={shown} data={{ text: 'Hello' }} />);
    expect(await screen.findByText('Hello')).toBeTruthy();
    cleanup();
    render(<OverlayScreen definition={shown} data={{ text: 'Again' }} />);
    expect(await screen.findByText('Again')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
