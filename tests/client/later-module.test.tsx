import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { laterModule, useLaterModule, type LaterModule } from '../../src/ui/laterModule';

afterEach(cleanup);

const Sportsbook = () => <p>Sportsbook</p>;

function Page({ later }: { later: LaterModule<{ default: typeof Sportsbook }> }) {
  const { module, failed, retry } = useLaterModule(later);
  if (module) return <module.default />;
  if (failed)
    return (
      <button type="button" onClick={retry}>
        Try again
      </button>
    );
  return <p>Loading</p>;
}

describe('a component whose code comes after the first render', () => {
  it('renders without it first, then with it, with no Suspense boundary to hold it back; fetched once', async () => {
    const fetchCode = vi.fn(async () => ({ default: Sportsbook }));
    const later = laterModule(fetchCode);
    render(<Page later={later} />);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Sportsbook')).toBeTruthy();
    cleanup();
    render(<Page later={later} />);
    // Kept: a second page with it renders it at once.
    expect(screen.getByText('Sportsbook')).toBeTruthy();
    expect(fetchCode).toHaveBeenCalledTimes(1);
  });

  it('says it failed when the code cannot be fetched, and Try again fetches it afresh', async () => {
    const fetchCode = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Sportsbook });
    render(<Page later={laterModule(fetchCode)} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sportsbook')).toBeTruthy();
    expect(fetchCode).toHaveBeenCalledTimes(2);
  });
});
