/**
 * System bets on the server (the full covers and the n-folds alike): the placement checks (number of selections,
 * total stake) and settlement. Each line is
 * an accumulator of its legs with the stake per line, settled by settleBet exactly as an accumulator is (void legs
 * at 1.00, a lost leg loses the line) and rounded down to the penny once per line; the bet returns the sum of its
 * lines. The payout cap is then applied by the settler to the bet as a whole (its net: returns - total stake).
 */
import { MAX_STAKE_PENCE, type SystemType } from '../../../src/contract/sportsbook-rules';
import {
  doubleOddsSingle,
  fitsSelections,
  LUCKY_ALL_WINNERS_BONUS_PERCENT,
  systemBetType,
  systemLines,
  withAllWinnersBonus,
} from '../../../src/contract/system-bets';
import { formatPence, sumPence } from '../../../src/contract/rules/money';
import { settleBet, type BetSettlement, type SettlementLeg } from './settlement';
import { PlacementRefused } from './slip';

export interface SystemStake {
  type: SystemType;
  stakePerLine: number;
  lines: number;
  /** What the wallet is debited: stake per line x lines. */
  total: number;
}

/** Checks a system bet's selections and total stake; answers its stake figures or refuses (422) with words. */
export function systemStake(type: SystemType, stakePerLine: number, selectionCount: number): SystemStake {
  const { name, selections, fold } = systemBetType(type);
  if (!fitsSelections(type, selectionCount)) {
    throw new PlacementRefused(
      selections !== null
        ? `A ${name} needs exactly ${selections} selections; this bet has ${selectionCount}.`
        : `${name} need at least ${fold! + 1} selections; this bet has ${selectionCount}.`,
      'WrongSelectionCount',
    );
  }
  const lines = systemLines(type, selectionCount).length;
  const total = stakePerLine * lines;
  if (total > MAX_STAKE_PENCE)
    throw new PlacementRefused(
      `The maximum stake is £10,000: ${selections !== null ? `a ${name}` : name} of ${lines} lines ${selections !== null ? 'allows' : 'allow'} at most ${formatPence(Math.floor(MAX_STAKE_PENCE / lines))} per line.`,
      'StakeTooHigh',
    );
  return { type, stakePerLine, lines, total };
}

/**
 * Settles a system bet from its legs (in slip order): open while any line is open; otherwise the sum of the lines'
 * returns, 'void' when every line was void (the whole stake back), 'lost' when nothing is returned, else 'won'.
 */
export function settleSystemBet(type: SystemType, stakePerLine: number, legs: readonly SettlementLeg[]): BetSettlement {
  const lines = systemLines(type, legs.length).map((line) =>
    settleBet(
      stakePerLine,
      line.map((position) => legs[position]!),
    ),
  );
  if (lines.some((line) => line.status === 'open')) return { status: 'open' };
  const returns = sumPence(lines.map((line) => (line.status === 'open' ? 0 : line.returns)));
  if (lines.every((line) => line.status === 'void')) return { status: 'void', returns };
  const bonus = luckyBonusReturns(type, stakePerLine, legs, returns);
  return { status: bonus > 0 ? 'won' : 'lost', returns: bonus };
}

/**
 * A Lucky bet's returns with its bonus (src/contract/system-bets.ts): one winner, the rest lost, pays that single at
 * double odds (the only line that pays); every selection won adds the all-winners bonus. Any other bet, or a Lucky
 * bet with a void or half-settled leg, returns what its lines made.
 */
function luckyBonusReturns(
  type: SystemType,
  stakePerLine: number,
  legs: readonly SettlementLeg[],
  returns: number,
): number {
  if (
    LUCKY_ALL_WINNERS_BONUS_PERCENT[type] === undefined ||
    !legs.every((leg) => leg.result === 'won' || leg.result === 'lost')
  )
    return returns;
  const winners = legs.filter((leg) => leg.result === 'won');
  if (winners.length === 1) return doubleOddsSingle(stakePerLine, winners[0]!.price);
  return winners.length === legs.length ? withAllWinnersBonus(type, returns) : returns;
}

/** Settles a stored bet of any kind from its legs in slip order: a system bet line by line, else settleBet. */
export function settleStoredBet(
  bet: { stake: number; system_type: SystemType | null; stake_per_line: number | null },
  legs: readonly SettlementLeg[],
): BetSettlement {
  return bet.system_type && bet.stake_per_line
    ? settleSystemBet(bet.system_type, bet.stake_per_line, legs)
    : settleBet(bet.stake, legs);
}
