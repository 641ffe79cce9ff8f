/**
 * Ledger postings per second through the service layer (Ledger.transaction: deposit and withdrawal postings,
 * 10 hot accounts and 1,000 cold ones) beside pgbench's TPC-B-like transaction on the same PostgreSQL server,
 * same client count and duration, in the same run; and, for information, whole payment requests through
 * PaymentsService (saved-card deposits and withdrawals with idempotency keys and payment rows), and stakes through
 * the wallet API's debit (GamesWalletService: claim, rules, Stake posting, bet record), one call per stake and in
 * batches of DEBIT_BATCH (debitMany, as placement under load sends them).
 * Target: ledger ratio >= 0.5 and no invariant mismatch afterwards.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { cardFingerprint, makeCardToken } from '../server/providers/card-payments/sandbox';
import { benchServices, formatRate, scratchDatabase } from './support';
import type { DebitRequest } from '../src/contract/games';

const SECONDS = 10;
const CLIENTS = 10;
const HOT_ACCOUNTS = 10;
const COLD_ACCOUNTS = 1_000;
const HOT_SHARE = 0.5;
const OPENING_BALANCE = 10_000_000;
const PROVIDER_SECRET = 'bench-provider-secret';
const DEBIT_BATCH = 50;

type BenchPath = 'ledger' | 'payments' | 'debit' | 'debitMany';

const pgbenchBinary =
  ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((path) => existsSync(path)) ?? 'pgbench';

function runPgbench(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgbenchBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`pgbench exited with ${code}: ${output.slice(-500)}`)),
    );
  });
}

async function pgbenchTps(): Promise<number> {
  const scratch = await scratchDatabase('bench_pgbench');
  try {
    await runPgbench(['-i', '-s', '10', '-q', scratch.url]);
    const output = await runPgbench(['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), scratch.url]);
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output) ?? /tps = ([\d.]+)/.exec(output);
    if (!match) throw new Error(`pgbench printed no tps: ${output.slice(-500)}`);
    return Number(match[1]);
  } finally {
    await scratch.drop();
  }
}

/** Postings (or payment requests) per second for `seconds`, on a scratch database of its own. */
export async function ledgerPostingsPerSecond(
  path: BenchPath,
  seconds = SECONDS,
): Promise<{ rate: number; refused: number; mismatches: number; runningMismatches: number }> {
  const { database, services, close } = await benchServices('bench_ledger', {
    poolSize: CLIENTS,
    providerSecret: PROVIDER_SECRET,
  });
  try {
    // Accounts in bulk: each opening balance is an Adjustment posting, so the invariant holds from the start.
    const now = new Date();
    const token = makeCardToken(PROVIDER_SECRET, '4242424242424242', '12/39');
    await sql`
      INSERT INTO users (email, password_hash, first_name, last_name, date_of_birth, phone, verification_status, created_at, updated_at)
      SELECT 'bench' || n || '@example.com', 'not-a-hash', 'Bench', 'Customer', '1990-01-01', '+447700900000', 'passed', ${now}, ${now}
      FROM generate_series(1, ${HOT_ACCOUNTS + COLD_ACCOUNTS}) AS n`.execute(database.db);
    await sql`INSERT INTO wallets (user_id, balance, updated_at) SELECT id, ${OPENING_BALANCE}, ${now} FROM users`.execute(
      database.db,
    );
    await sql`INSERT INTO transactions (user_id, created_at, amount, balance_out, kind, vertical, reference) SELECT id, ${now}, ${OPENING_BALANCE}, ${OPENING_BALANCE}, 'Adjustment', 'wallet', 'opening balance' FROM users`.execute(
      database.db,
    );
    // The saved card is one each customer deposited from, so withdrawals may go to it.
    const fingerprint = cardFingerprint(PROVIDER_SECRET, '4242424242424242');
    await sql`INSERT INTO saved_cards (user_id, token, masked_pan, fingerprint, created_at, updated_at) SELECT id, ${token}, '**** **** **** 4242', ${fingerprint}, ${now}, ${now} FROM users`.execute(
      database.db,
    );
    await sql`INSERT INTO payments (id, user_id, kind, status, amount, masked_pan, card_fingerprint, created_at, updated_at) SELECT gen_random_uuid(), id, 'Deposit', 'Completed', 500, '**** **** **** 4242', ${fingerprint}, ${now}, ${now} FROM users`.execute(
      database.db,
    );
    // Each answered the deposit-limit question (no limit), as every customer must before a first deposit.
    await sql`INSERT INTO limit_decisions (user_id, decision, created_at) SELECT id, 'declined', ${now} FROM users`.execute(
      database.db,
    );
    // Each customer signed in with a live sportsbook session 'session-<id>', for the wallet API's debits.
    const signedIn = new Date(now.getTime() + 24 * 3600_000);
    await sql`INSERT INTO refresh_families (id, user_id, created_at, expires_at) SELECT gen_random_uuid(), id, ${now}, ${signedIn} FROM users`.execute(
      database.db,
    );
    await sql`INSERT INTO game_sessions (id, user_id, family_id, created_at) SELECT 'session-' || user_id, user_id, id, ${now} FROM refresh_families`.execute(
      database.db,
    );
    const ids = (await database.db.selectFrom('users').select('id').orderBy('id').execute()).map((row) => row.id);
    const hot = ids.slice(0, HOT_ACCOUNTS);
    const cold = ids.slice(HOT_ACCOUNTS);

    const stake = (userId: number): DebitRequest => ({
      transactionId: randomUUID(),
      betId: randomUUID(),
      playerId: userId,
      sessionId: `session-${userId}`,
      amount: 100 + Math.floor(Math.random() * 500),
      maxReturn: 5_000,
    });
    let postings = 0;
    let refused = 0;
    const deadline = Date.now() + seconds * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < deadline) {
          const pick = () => {
            const pool = Math.random() < HOT_SHARE ? hot : cold;
            return pool[Math.floor(Math.random() * pool.length)]!;
          };
          const userId = pick();
          const amount = 500 + Math.floor(Math.random() * 5_000);
          if (path === 'debitMany') {
            const outcomes = await services.gamesWallet.debitMany(
              Array.from({ length: DEBIT_BATCH }, () => stake(pick())),
            );
            const taken = outcomes.filter((outcome) => 'answer' in outcome).length;
            postings += taken;
            refused += outcomes.length - taken;
            continue;
          }
          try {
            const deposit = Math.random() < 0.5;
            if (path === 'debit') await services.gamesWallet.debit(stake(userId));
            else if (path === 'ledger') {
              await services.ledger.transaction((_trx, post) =>
                post({
                  userId,
                  amount: deposit ? amount : -amount,
                  kind: deposit ? 'Deposit' : 'Withdrawal',
                  reference: deposit ? 'bench deposit' : 'bench withdrawal',
                  paymentId: randomUUID(),
                }),
              );
            } else if (deposit) await services.payments.depositWithSavedCard(userId, amount, randomUUID());
            else await services.payments.withdraw(userId, { amount }, randomUUID());
            postings++;
          } catch {
            refused++;
          }
        }
      }),
    );
    const rate = postings / ((Date.now() - started) / 1000);
    const mismatches = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM (
        SELECT w.user_id FROM wallets w LEFT JOIN transactions t ON t.user_id = w.user_id
        GROUP BY w.user_id, w.balance HAVING w.balance <> COALESCE(SUM(t.amount), 0) OR w.balance < 0
      ) bad`.execute(database.db);
    const running = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM (
        SELECT balance_out, SUM(amount) OVER (PARTITION BY user_id ORDER BY id) AS running FROM transactions
      ) t WHERE balance_out <> running`.execute(database.db);
    return { rate, refused, mismatches: mismatches.rows[0]!.count, runningMismatches: running.rows[0]!.count };
  } finally {
    await close();
  }
}

/**
 * The machine is shared: a rate measured between two ledger runs is compared with their mean. Measures the ledger
 * again now (`before` was just before the rate's run) and prints the mean and the ratio against `target`.
 */
export async function compareWithLedger(what: string, rate: number, before: number, target: number, seconds: number) {
  const after = await ledgerPostingsPerSecond('ledger', seconds);
  const ledgerRate = (before + after.rate) / 2;
  console.log(`ledger postings/s again just after: ${formatRate(after.rate)}; mean ${formatRate(ledgerRate)}`);
  const ratio = rate / ledgerRate;
  console.log(
    `ratio ${what} / ledger postings: ${ratio.toFixed(2)} (target >= ${target}) ${ratio >= target ? 'OK' : 'BELOW TARGET'}`,
  );
}

export default async function run(): Promise<void> {
  console.log(
    `${CLIENTS} clients, ${SECONDS} s each; ${HOT_ACCOUNTS} hot and ${COLD_ACCOUNTS} cold accounts, ${HOT_SHARE * 100}% of operations on hot ones`,
  );
  const payments = await ledgerPostingsPerSecond('payments');
  console.log(
    `payment requests/s through PaymentsService (saved-card deposit / withdrawal, each with idempotency key, payment row, one posting): ${formatRate(payments.rate)}  (refused: ${payments.refused})`,
  );
  const ledger = await ledgerPostingsPerSecond('ledger');
  console.log(
    `ledger postings/s through Ledger.transaction (deposit / withdrawal postings, one per transaction): ${formatRate(ledger.rate)}  (refused: ${ledger.refused})`,
  );
  const single = await ledgerPostingsPerSecond('debit');
  console.log(
    `stakes/s through the wallet API's debit, one call each: ${formatRate(single.rate)}  (refused: ${single.refused})`,
  );
  const batched = await ledgerPostingsPerSecond('debitMany');
  console.log(
    `stakes/s through the wallet API's debitMany, batches of ${DEBIT_BATCH}: ${formatRate(batched.rate)}  (refused: ${batched.refused})`,
  );
  console.log(
    `ratio stakes / ledger postings: ${(single.rate / ledger.rate).toFixed(2)} one call each, ${(batched.rate / ledger.rate).toFixed(2)} in batches (for information)`,
  );
  const tps = await pgbenchTps();
  console.log(`pgbench TPC-B-like tps (-s 10, -c ${CLIENTS}, unprepared): ${formatRate(tps)}`);
  const ratio = ledger.rate / tps;
  console.log(
    `ratio ledger postings / pgbench: ${ratio.toFixed(2)} (target >= 0.5) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
  );
  // A whole payment request is 7 to 10 statements (identity and card read, idempotency claim and answer,
  // payment row and its status, limit check) against pgbench's 5, and holds a hot wallet's lock longer.
  console.log(`ratio payment requests / pgbench: ${(payments.rate / tps).toFixed(2)} (for information)`);
  const runs = [payments, ledger, single, batched];
  const mismatches = runs.reduce((sum, run) => sum + run.mismatches, 0);
  const chain = runs.reduce((sum, run) => sum + run.runningMismatches, 0);
  console.log(
    `invariant mismatches (balance != sum of transactions, or < 0): ${mismatches}; balanceOut chain mismatches: ${chain} (target 0)`,
  );
  if (mismatches > 0 || chain > 0) throw new Error('ledger invariant broken');
}
