import { FrameRouter } from '../../ui/frame/FrameRouter';

export type Route = { name: 'home' } | { name: 'event'; eventId: string } | { name: 'bets' };

function parseRoute(path: string): Route {
  const event = /^\/event\/([A-Za-z0-9._:~-]{1,120})$/.exec(path);
  if (event) return { name: 'event', eventId: event[1]! };
  if (path === '/bets') return { name: 'bets' };
  return { name: 'home' };
}

/** The sportsbook's three pages (see FrameRouter). */
export class RouterStore extends FrameRouter<Route> {
  constructor(initial: string, history: Pick<History, 'pushState' | 'replaceState'>, onRoute: (path: string) => void) {
    super(initial, history, onRoute, parseRoute);
  }
}
