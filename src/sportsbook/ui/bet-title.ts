import type { BetView } from '../../contract/sportsbook-rules';
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
