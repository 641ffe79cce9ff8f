import type { BetStatus, BetView } from '../../contract/sportsbook-rules';
import { systemBetType } from '../../contract/system-bets';
import { formatPence } from '../../contract/rules/money';

const FOLDS = ['', 'Single', 'Double', 'Treble'];

/** A bet's name as My Bets heads it: 'Single', 'Treble Accumulator', '5-Fold Accumulator', 'Yankee (11 lines)'. */
export function betTitle(bet: Pick<BetView, 'kind' | 'legs' | 'system'>): string {
  if (bet.system) return `${systemBetType(bet.system.type).name} (${bet.system.lines} lines)`;
  if (bet.kind === 'single') return 'Single';
  if (bet.kind === 'bet-builder') return `Bet Builder (${bet.legs.length} selections)`;
  return bet.legs.length < 4 ? `${FOLDS[bet.legs.length]} Accumulator` : `${bet.legs.length}-Fold Accumulator`;
}

/** The stake as My Bets shows it: '£11.00', and for a system bet '£11.00 (11 × £1.00)'. */
export function stakeWords(bet: Pick<BetView, 'stake' | 'system'>): string {
  return bet.system
    ? `${formatPence(bet.stake)} (${bet.system.lines} × ${formatPence(bet.system.stakePerLine)})`
    : formatPence(bet.stake);
}

const STATUS_WORDS: Record<BetStatus, string> = {
  pending: 'Pending',
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
  rejected: 'Not placed',
  'cashed-out': 'Cashed out',
};

/**
 * A bet's badge in My Bets: its status in words and the tone it is shown in. A bet settled as lost that still paid
 * something back (it returned less than its stake) says what came back instead: "Half lost" for a quarter line half
 * lost, "Dead heat" for a dead heat at odds shorter than evens, "Part returned" otherwise (system lines that won
 * less than the whole stake); its returns show beside it.
 */
export function statusBadge(bet: Pick<BetView, 'status' | 'returns' | 'legs'>): { words: string; tone: string } {
  if (bet.status !== 'lost' || !bet.returns) return { words: STATUS_WORDS[bet.status], tone: bet.status };
  const words = bet.legs.some((leg) => leg.result === 'dead-heat')
    ? 'Dead heat'
    : bet.legs.some((leg) => leg.result === 'half-lost')
      ? 'Half lost'
      : 'Part returned';
  return { words, tone: 'part-returned' };
}
