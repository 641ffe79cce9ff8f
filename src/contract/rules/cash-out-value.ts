/**
 * The part of the stake a partial cash out of `amount` (of an offer worth `offer`) takes, rounded up to the penny so
 * the stake left never carries more value than the part paid leaves it. What is left keeps the same legs and prices.
 * Shared by the server (which settles the part) and the frame (which checks a partial amount before sending it).
 */
export function stakeCashedFor(stakePence: number, amount: number, offer: number): number {
  return Number((BigInt(stakePence) * BigInt(amount) + BigInt(offer) - 1n) / BigInt(offer));
}
