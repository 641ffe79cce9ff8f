import type { ReconciliationBet, ReconciliationPlayer } from '../../../src/contract/reconciliation';
import type { WalletCallKind, WalletCallState } from '../bets/tables';
import type { BetStatus } from '../../../src/contract/sportsbook-rules';

/** A bet as the sportsbook holds it: its stake, its status and every wallet call made for it. */
export interface BookBet {
  betId: string;
  playerId: number;
  stake: number;
  status: BetStatus;
  /** closesBet: false only for a credit that leaves the bet open (a partial cash out). */
  calls: Array<{
    id: string;
    kind: WalletCallKind;
    state: WalletCallState;
    amount: number;
    code: string | null;
    closesBet?: boolean;
  }>;
}

type DifferenceKind =
  /** The sportsbook holds an accepted stake the PAM never took. */
  | 'missing-debit'
  /** The PAM took a stake the sportsbook does not hold as accepted (a rejected bet not refunded, an unknown bet). */
  | 'orphan-debit'
  /** The sportsbook settled a bet with returns the PAM never paid. */
  | 'missing-credit'
  /** Both sides moved money on the bet, but not the same amount (a stake, or returns: paid twice, paid short). */
  | 'amount-mismatch'
  /** Open on one side, closed on the other. */
  | 'status-mismatch'
  /** Inside the PAM: a bets record that is not the sum of its postings, or a balance that is not. */
  | 'ledger-mismatch'
  /** The two sides name the bet, or a wallet call on it, in different spellings (or the PAM names a call the sportsbook never made). */
  | 'id-mismatch';

export interface Difference {
  kind: DifferenceKind;
  betId: string | null;
  playerId: number;
  message: string;
}

export interface PendingBet {
  betId: string;
  /** The wallet calls still waiting for a definitive answer. */
  calls: string[];
}

export type BetComparison = { pending: PendingBet } | { differences: Difference[] };

/** The one spelling of an id (src/contract/common.ts canonicalUuid): what both sides are matched on. */
export const canonicalId = (id: string) => id.toLowerCase();

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * Compares one bet's two records: what the sportsbook's calls say the PAM should hold, against the PAM's postings
 * (and its bets record against those postings). A bet with a call still in flight is pending, not a difference.
 */
export function compareBet(book: BookBet | undefined, pam: ReconciliationBet | undefined): BetComparison {
  const betId = (book?.betId ?? pam?.betId)!;
  if (book) {
    const inFlight = book.calls.filter((call) => call.state === 'pending').map((call) => call.id);
    if (book.status === 'pending' || inFlight.length > 0) return { pending: { betId, calls: inFlight } };
  }
  const playerId = (book?.playerId ?? pam?.playerId)!;
  const differences: Difference[] = [];
  const add = (kind: DifferenceKind, message: string) => differences.push({ kind, betId, playerId, message });

  for (const message of idMismatches(book, pam)) add('id-mismatch', message);

  const calls = book?.calls ?? [];
  const debitDone = calls.some((call) => call.kind === 'debit' && call.state === 'done');
  const credits = calls.filter((call) => call.kind === 'credit');
  const expectedStake = debitDone ? book!.stake : 0;
  const paidReturns = sum(credits.filter((call) => call.state === 'done').map((call) => call.amount));
  const owedReturns = sum(credits.map((call) => call.amount));
  const refusedCredit = credits.find((call) => call.state === 'failed');

  const postings = pam?.postings ?? [];
  const staked = -sum(postings.filter((p) => p.kind === 'Stake').map((p) => p.amount));
  const refunded = sum(postings.filter((p) => p.kind === 'Refund').map((p) => p.amount));
  const returned = sum(postings.filter((p) => p.kind === 'Returns').map((p) => p.amount));
  const pamStake = staked - refunded;

  if (pam && (pam.staked !== staked || pam.refunded !== refunded || pam.returned !== returned)) {
    add(
      'ledger-mismatch',
      `The PAM's bets record (staked ${pounds(pam.staked)}, refunded ${pounds(pam.refunded)}, returned ${pounds(pam.returned)}) is not the sum of its postings (${pounds(staked)}, ${pounds(refunded)}, ${pounds(returned)})`,
    );
  }

  if (expectedStake > 0 && pamStake === 0)
    add('missing-debit', `The sportsbook accepted a stake of ${pounds(expectedStake)} that the PAM never took`);
  else if (expectedStake === 0 && pamStake > 0)
    add(
      'orphan-debit',
      `The PAM holds a stake of ${pounds(pamStake)} on a bet the sportsbook ${book ? `holds as ${book.status} with no accepted stake` : 'does not know'}`,
    );
  else if (expectedStake !== pamStake)
    add('amount-mismatch', `Stake: ${pounds(expectedStake)} at the sportsbook, ${pounds(pamStake)} at the PAM`);

  let missingCredit = false;
  if (owedReturns > 0 && returned === 0) {
    missingCredit = true;
    add(
      'missing-credit',
      `The sportsbook settled returns of ${pounds(owedReturns)} that the PAM never paid${refusedCredit ? ` (refused: ${refusedCredit.code ?? 'no code'})` : ''}`,
    );
  } else if (paidReturns !== returned)
    add('amount-mismatch', `Returns: ${pounds(paidReturns)} paid by the sportsbook, ${pounds(returned)} at the PAM`);

  // A void free bet is closed by its debit's rollback (its token given back), not by a credit; one the PAM refused
  // leaves the bet void here and open there.
  const closing = calls.filter(
    (call) =>
      (call.kind === 'credit' && call.closesBet !== false) ||
      (call.kind === 'rollback' && call.state !== 'pending' && debitDone),
  );
  const bookOpen = debitDone && closing.length === 0;
  const bookClosed = closing.length > 0;
  if (bookOpen && pam?.status === 'closed') add('status-mismatch', 'Open at the sportsbook, closed at the PAM');
  if (bookClosed && pam?.status === 'open' && !missingCredit)
    add('status-mismatch', `Settled (${book!.status}) at the sportsbook, still open at the PAM`);
  return { differences };
}

/**
 * Ids that are not the same on both sides: the bet held under another spelling, or a posting answering a transaction
 * id the sportsbook holds in another spelling or never made (every posting on a sportsbook bet answers its call).
 */
function idMismatches(book: BookBet | undefined, pam: ReconciliationBet | undefined): string[] {
  if (!pam) return [];
  const messages: string[] = [];
  if (book ? pam.betId !== book.betId : pam.betId !== canonicalId(pam.betId))
    messages.push(`The PAM holds this bet as ${pam.betId}, the sportsbook as ${book?.betId ?? canonicalId(pam.betId)}`);
  // A bet the sportsbook does not know is an orphan already: its postings need no naming one by one.
  if (!book) return messages;
  const callIds = new Set(book.calls.map((call) => call.id));
  for (const posting of pam.postings) {
    const id = posting.transactionId;
    if (id === null || callIds.has(id)) continue;
    const spelled = book.calls.find((call) => call.id === canonicalId(id));
    messages.push(
      spelled
        ? `The PAM's ${posting.kind} posting answered ${id}, a call the sportsbook holds as ${spelled.id}`
        : `The PAM's ${posting.kind} posting answered ${id}, a call the sportsbook never made`,
    );
  }
  return messages;
}

/** A player's balance that is not the sum of their postings. */
export function compareBalance(player: ReconciliationPlayer): Difference | undefined {
  if (player.balance === player.postingsTotal) return undefined;
  return {
    kind: 'ledger-mismatch',
    betId: null,
    playerId: player.playerId,
    message: `Balance ${pounds(player.balance)} is not the sum of the player's postings (${pounds(player.postingsTotal)})`,
  };
}
