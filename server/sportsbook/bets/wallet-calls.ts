import type { Transaction } from 'kysely';
import type { NewCall, WalletOutbox } from '../wallet/outbox';
import type { BetsDatabase } from './tables';

/**
 * A bet's calls to the wallet, one id each per bet: its debit, its credit and its debit's rollback. Placement, the
 * in-play hold, settlement and free bets all make them, so they live apart from each.
 */
export const debitCallId = (betId: string) => `debit:${betId}`;
export const creditCallId = (betId: string) => `credit:${betId}`;
export const rollbackCallId = (betId: string) => `rollback:${betId}`;

/** The rollback of a bet's debit: one id per bet, so it is made once however many paths get there. */
export function debitRollback(betId: string, playerId: unknown): NewCall {
  const id = rollbackCallId(betId);
  return {
    id,
    kind: 'rollback',
    betId,
    body: { transactionId: id, originalTransactionId: debitCallId(betId), betId, playerId },
  };
}

/** Queues the rollback of a bet's debit in the caller's transaction, unless it is queued already. */
export async function addRollback(
  outbox: WalletOutbox,
  trx: Transaction<BetsDatabase>,
  betId: string,
  playerId: unknown,
): Promise<void> {
  const exists = await trx
    .selectFrom('sportsbook.wallet_calls')
    .select('id')
    .where('id', '=', rollbackCallId(betId))
    .executeTakeFirst();
  if (!exists) await outbox.add(trx, [debitRollback(betId, playerId)]);
}

/**
 * A pending bet refused before its stake was confirmed: its debit is abandoned (false if it was no longer pending:
 * its answer came first, and decides the bet). A retry or the outbox worker may already have sent it, and the PAM
 * may take the stake while its answer is ignored: then the debit is rolled back too (a rollback of a debit the PAM
 * never saw makes it refuse that debit should it arrive later). A debit only ever this placement's to send was not
 * sent, and its refusal makes no wallet call.
 */
export async function abandonDebit(
  outbox: WalletOutbox,
  trx: Transaction<BetsDatabase>,
  betId: string,
  code: string,
  message: string,
): Promise<boolean> {
  const abandoned = await outbox.abandon(trx, debitCallId(betId), code, message);
  if (abandoned?.mayHaveBeenSent) await addRollback(outbox, trx, betId, abandoned.body.playerId);
  return abandoned !== undefined;
}
