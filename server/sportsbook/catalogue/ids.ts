/** Market and selection ids are made from the event id and the model's keys, none of which contains '~'. */
export const marketIdOf = (eventId: string, marketKey: string) => `${eventId}~${marketKey}`;
export const selectionIdOf = (marketId: string, selectionKey: string) => `${marketId}~${selectionKey}`;

export function parseMarketId(marketId: string): { eventId: string; marketKey: string } | undefined {
  const parts = marketId.split('~');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  return { eventId: parts[0], marketKey: parts[1] };
}

export function parseSelectionId(
  selectionId: string,
): { eventId: string; marketKey: string; selectionKey: string } | undefined {
  const parts = selectionId.split('~');
  if (parts.length !== 3 || !parts[0] || !parts[1] || !parts[2]) return undefined;
  return { eventId: parts[0], marketKey: parts[1], selectionKey: parts[2] };
}
