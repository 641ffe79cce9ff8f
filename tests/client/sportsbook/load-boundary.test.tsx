import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadBoundary, PART_FAILED } from '../../../src/sportsbook/ui/LoadBoundary';
import { retryableLazy, type RetryableLazy } from '../../../src/ui/retryableLazy';

afterEach(cleanup);

const MatchPage = ({ eventId }: { eventId: string }) => <h1>Match {eventId}</h1>;
const failingOnce = () =>
  vi
    .fn()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue({ default: MatchPage });

function Page({ part: Part, path }: { part: RetryableLazy<{ eventId: string }>; path: string }) {
  return (
    <LoadBoundary resetKey={path} parts={[Part]}>
      <Suspense fallback={<p>Loading</p>}>
        {path === '/' ? <h1>Football</h1> : <Part eventId={path.slice(7)} />}
      </Suspense>
    </LoadBoundary>
  );
}

describe('a part of the sportsbook frame whose code fails to load', () => {
  it('says so in its place with Try again, which loads it afresh; the rest of the frame stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = failingOnce();
    const Part = retryableLazy(load);
    render(
      <>
        <p>Bet Slip</p>
        <Page part={Part} path="/event/ev-1" />
      </>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(PART_FAILED);
    expect(screen.getByText('Bet Slip')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Match ev-1' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('going to another page clears the failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = retryableLazy(failingOnce());
    const { rerender } = render(<Page part={Part} path="/event/ev-1" />);
    await screen.findByRole('alert');
    rerender(<Page part={Part} path="/" />);
    expect(await screen.findByRole('heading', { name: 'Football' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
