/**
 * Betting Rules, Related outcomes: "Accumulators with related outcomes are not allowed. Outcomes are related when
 * one affects the chance of the other." Every market of a match is a sum over the same score distribution, so any
 * two selections from one match are related here, whatever their markets.
 */
export function areRelated(a: { eventId: string }, b: { eventId: string }): boolean {
  return a.eventId === b.eventId;
}

/** The events that two or more of these legs come from (empty when the accumulator may be placed). */
export function relatedOutcomes(legs: ReadonlyArray<{ eventId: string }>): string[] {
  const seen = new Set<string>();
  const related = new Set<string>();
  for (const { eventId } of legs) {
    if (seen.has(eventId)) related.add(eventId);
    seen.add(eventId);
  }
  return [...related];
}
