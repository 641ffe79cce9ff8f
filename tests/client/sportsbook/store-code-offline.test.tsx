import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadBoundary, PART_FAILED } from '../../../src/sportsbook/ui/LoadBoundary';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import type { Sportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { Outrights } from '../../../src/sportsbook/screens/Outrights';
import { OutrightsGate, type OutrightsModule } from '../../../src/sportsbook/stores/OutrightsGate';
import { OutrightsStore } from '../../../src/sportsbook/stores/OutrightsStore';

afterEach(cleanup);

/** The store's code unreachable (offline) until the test says the network is back. */
function codeOffline() {
  const network = { up: false };
  const code = vi.fn(async (): Promise<OutrightsModule> => {
    if (!network.up) throw new TypeError('Failed to fetch dynamically imported module');
    return { OutrightsStore };
  });
  return { code, network };
}

function OutrightsTab({ gate }: { gate: OutrightsGate }) {
  return (
    <SportsbookContext value={{ outrights: gate } as unknown as Sportsbook}>
      <LoadBoundary parts={[gate]}>
        <Suspense fallback={<p>Loading outrights</p>}>
          <Outrights competitionId="eng-premier" />
        </Suspense>
      </LoadBoundary>
    </SportsbookContext>
  );
}

describe("the Outrights tab when its store's code cannot be fetched", () => {
  it('says so with Try again, having asked for the code once, and Try again fetches it afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { code, network } = codeOffline();
    const outright = vi.fn(() => Promise.reject(new Error('offline')));
    const gate = new OutrightsGate({ outright }, code);
    // Awaited: React's test mode retries a screen suspended on a promise only inside an awaited act.
    await act(async () => render(<OutrightsTab gate={gate} />));

    expect((await screen.findByRole('alert')).textContent).toContain(PART_FAILED);
    expect(code).toHaveBeenCalledTimes(1);

    network.up = true;
    const user = userEvent.setup();
    await act(() => user.click(screen.getByRole('button', { name: 'Try again' })));
    // The store is there now: the tab is on to its own question, the league's prices (also unreachable here).
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the outright prices');
    expect(code).toHaveBeenCalledTimes(2);
    expect(outright).toHaveBeenCalledWith('eng-premier');
  });
});
