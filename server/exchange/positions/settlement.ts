import { floorDiv } from '../../../src/contract/exchange-ladder';
import type { MarketOutcome } from '../markets/event-markets';

export interface MarketSettlement {
  /** The customer's net market result from matched fills, pence (0 when void). */
  net: number;
  /** floor(commissionBp x net / 10000) on positive net market winnings only, as Betfair charges per market. */
  commission: number;
  /** What the wallet pays back: the hold plus the net less commission. */
  payout: number;
}

/**
 * One customer's settlement of one market, given what was held and each outcome's result from matched fills.
 * The fills are zero-sum, so across customers the payouts plus the commission equal the holds to the penny.
 */
export function settleMarket(
  held: number,
  ifWins: readonly number[],
  outcome: MarketOutcome,
  commissionBp: number,
): MarketSettlement {
  const net = outcome.kind === 'void' ? 0 : ifWins[outcome.runner]!;
  const commission = net > 0 ? floorDiv(commissionBp * net, 10_000) : 0;
  const payout = held + net - commission;
  // The hold covers the worst outcome, so a shortfall here is a bug upstream, never a debt to invent.
  if (payout < 0) throw new Error(`Hold ${held} does not cover a net result of ${net}`);
  return { net, commission, payout };
}
