import type { LiveSelection } from '../stores/CatalogStore';

/** Why a price cannot be backed, in the words UK bookmakers put on a dead button. */
export type UnavailableReason = 'Suspended' | 'Settled' | 'Closed' | 'Not offered';

/** What a screen reader and a tooltip add to the reason: "Not offered" alone reads like a fault. */
export const REASON_DETAIL: Record<UnavailableReason, string> = {
  Suspended: 'Suspended for a moment; it reopens shortly.',
  Settled: 'Settled: this market has its result.',
  Closed: 'Closed: betting on this market has ended.',
  'Not offered': 'Not offered: too unlikely to price, or already decided.',
};

/**
 * Null while the price can be backed. An open market's unpriced selection is "Not offered": the pricing leaves out
 * outcomes too unlikely to price (Correct Score 4-4 before kick-off) and decided ones (docs/sportsbook.md, Markets).
 */
export function unavailableReason(
  live: Pick<LiveSelection, 'status' | 'price' | 'market' | 'event'>,
): UnavailableReason | null {
  if (live.status === 'open' && live.price) return null;
  if (live.status === 'suspended') return 'Suspended';
  const { market, event } = live;
  if (
    market.status === 'settled' ||
    market.status === 'void' ||
    event.status === 'settled' ||
    event.status === 'abandoned'
  )
    return 'Settled';
  if (market.status === 'closed' || event.status === 'ended') return 'Closed';
  return 'Not offered';
}
