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
