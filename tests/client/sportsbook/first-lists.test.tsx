import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FIRST_LISTS_ELEMENT_ID, type FirstLists } from '../../../src/contract/sportsbook-page';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import type { Sportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { Home } from '../../../src/sportsbook/screens/Home';
import { callsTo, fakeFetch } from '../support/fakes';
import { event, frameOn } from './fixtures';

/** Issue 26: the frame's page for `/` carries the home screen's first lists, so its first prices wait for no fetch. */

const { markets: _markets, ...summary } = event('ev-1');
const lists: FirstLists = {
  live: [summary],
  upcoming: [],
  competitions: [{ id: 'eng-premier', name: 'Albion Premier Division', country: 'England', eventCount: 1 }],
};
const fetchedLists = () =>
  fakeFetch({
    'GET /api/events': { status: 200, body: { events: [summary] } },
    'GET /api/competitions': { status: 200, body: { competitions: lists.competitions } },
  });

function pageWith(data: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_LISTS_ELEMENT_ID;
  block.textContent = data;
  document.head.append(block);
}

const renderHome = (sportsbook: Sportsbook) =>
  render(
    <SportsbookContext.Provider value={sportsbook}>
      <Home />
    </SportsbookContext.Provider>,
  );

afterEach(() => {
  cleanup();
  document.getElementById(FIRST_LISTS_ELEMENT_ID)?.remove();
});

describe("the home screen's first lists", () => {
  it('are drawn from the page at the first render, with no fetch; a later showing fetches them afresh', async () => {
    pageWith(JSON.stringify(lists));
    const fetch = fetchedLists();
    const sportsbook = frameOn(fetch, '/');
    expect(sportsbook.catalog.listsState).toBe('ready');
    const first = renderHome(sportsbook);
    // 5/2 on the home side, at the first render: no skeleton in between.
    expect(screen.getAllByRole('button', { name: /Rovers/ }).length).toBeGreaterThan(0);
    await act(async () => undefined);
    expect(callsTo(fetch, 'GET /api/events')).toHaveLength(0);
    expect(callsTo(fetch, 'GET /api/competitions')).toHaveLength(0);
    first.unmount();
    renderHome(sportsbook);
    await act(async () => undefined);
    expect(callsTo(fetch, 'GET /api/events')).toHaveLength(2);
  });

  it('draw In-Play and Starting Soon at the first commit, and the later matches by competition in the next', async () => {
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    const later = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString();
    const upcoming = (id: string, kickoffAt: string, competitionName: string) => {
      const { markets: _unused, ...rest } = event(id, {
        status: 'scheduled',
        phase: 'pre-match',
        minute: 0,
        kickoffAt,
      });
      return { ...rest, competitionName };
    };
    pageWith(
      JSON.stringify({
        ...lists,
        upcoming: [upcoming('ev-2', soon, 'Albion Premier Division'), upcoming('ev-3', later, 'Albion Cup')],
      }),
    );
    const sportsbook = frameOn(fetchedLists(), '/');
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      flushSync(() =>
        root.render(
          <SportsbookContext.Provider value={sportsbook}>
            <Home />
          </SportsbookContext.Provider>,
        ),
      );
      const lists = () =>
        [...container.querySelectorAll('ul[aria-label]')].map((list) => list.getAttribute('aria-label'));
      expect(lists()).toEqual(['Matches in play', 'Matches starting soon']);
      await waitFor(() => expect(lists()).toEqual(['Matches in play', 'Matches starting soon', 'Albion Cup']));
    } finally {
      root.unmount();
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
    }
  });

  it('are fetched when the page came without them (another route, development) or with a block that does not parse', async () => {
    pageWith('{not json');
    const fetch = fetchedLists();
    const sportsbook = frameOn(fetch, '/');
    expect(sportsbook.catalog.listsState).toBe('idle');
    renderHome(sportsbook);
    await screen.findAllByRole('button', { name: /Rovers/ });
    expect(callsTo(fetch, 'GET /api/events')).toHaveLength(2);
    expect(callsTo(fetch, 'GET /api/competitions')).toHaveLength(1);
  });
});
