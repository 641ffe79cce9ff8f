export type ExchangeRoute =
  { name: 'home' } | { name: 'event'; eventId: string } | { name: 'market'; marketId: string } | { name: 'orders' };

const ID = '([A-Za-z0-9._:~-]{1,160})';

export function parseExchangeRoute(path: string): ExchangeRoute {
  const event = new RegExp(`^/event/${ID}$`).exec(path);
  if (event) return { name: 'event', eventId: event[1]! };
  const market = new RegExp(`^/market/${ID}$`).exec(path);
  if (market) return { name: 'market', marketId: market[1]! };
  if (path === '/orders') return { name: 'orders' };
  return { name: 'home' };
}
