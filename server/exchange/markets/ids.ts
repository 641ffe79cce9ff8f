/**
 * Stable ids: a market is its event and its type's key, a selection its market and its runner's key, joined by '~'
 * (no event id or key contains one), so the same match always has the same ids on every server and after restarts.
 */
export const exchangeMarketId = (eventId: string, marketKey: string) => `${eventId}~${marketKey}`;
export const exchangeSelectionId = (marketId: string, runnerKey: string) => `${marketId}~${runnerKey}`;

export function parseExchangeMarketId(marketId: string): { eventId: string; marketKey: string } | undefined {
  const parts = marketId.split('~');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  return { eventId: parts[0], marketKey: parts[1] };
}
