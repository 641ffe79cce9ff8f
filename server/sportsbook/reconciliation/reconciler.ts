import type { Clock } from '../../platform/clock';
import {
  RECONCILIATION_MAX_IDS,
  reconciliationResponse,
  type ReconciliationBet,
  type ReconciliationPlayer,
  type ReconciliationRequest,
  type ReconciliationResponse,
} from '../../../src/contract/reconciliation';
import type { BetsDb } from '../bets/tables';
import type { WalletClient } from '../wallet-client';
import { canonicalId, compareBalance, compareBet, type BookBet, type Difference, type PendingBet } from './compare';

export interface ReconciliationReport {
  since: string | null;
  checkedAt: string;
  /** Bets looked at, on either side. */
  bets: number;
  /** Bets with a wallet call still in flight: not compared this time. */
  pending: PendingBet[];
  differences: Difference[];
}

/** The PAM did not answer the reconciliation call (down, a bad signature, a malformed answer). */
class PamUnreachable extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The PAM's bets keyed by their canonical id, the key the sportsbook's bets have: a bet in another spelling still meets its pair. */
const byCanonicalId = (bets: readonly ReconciliationBet[]) => new Map(bets.map((bet) => [canonicalId(bet.betId), bet]));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Reconciliation (issue 14): the sportsbook's bets and wallet calls against what the PAM's signed reconciliation
 * call reports of its bets record and ledger. Neither side reads the other's tables. Bets are taken from both
 * sides' ranges (the sportsbook's placed or settled since, the PAM's touched since), each side is then asked about
 * the other's extra ids, and every bet that differs is read again from both sides (the sportsbook first: a call it
 * holds as answered is already in the PAM's books) so that a settlement racing the first read is not reported.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: BetsDb,
    private readonly wallet: WalletClient,
    private readonly clock: Clock,
  ) {}

  async run(options: { since?: Date } = {}): Promise<ReconciliationReport> {
    const since = options.since ?? new Date(0);
    const book = await this.bookInRange(since);
    const pam = await this.pamInRange(since);
    const players = new Map<number, ReconciliationPlayer>(pam.players.map((player) => [player.playerId, player]));
    const missingAtPam = [...book.keys()].filter((id) => !pam.bets.has(id));
    const more = await this.pamByIds(missingAtPam);
    for (const bet of more.bets) pam.bets.set(canonicalId(bet.betId), bet);
    for (const player of more.players) players.set(player.playerId, player);
    const missingInBook = [...pam.bets.keys()].filter((id) => !book.has(id));
    for (const bet of await this.bookByIds(missingInBook)) book.set(bet.betId, bet);

    let { pending, differences } = this.compare(new Set([...book.keys(), ...pam.bets.keys()]), book, pam.bets);
    const differing = [
      ...new Set(differences.map((difference) => difference.betId).filter((id): id is string => id !== null)),
    ];
    if (differing.length > 0) {
      const bookAgain = new Map((await this.bookByIds(differing)).map((bet) => [bet.betId, bet]));
      const pamAgain = await this.pamByIds(differing);
      const again = this.compare(new Set(differing), bookAgain, byCanonicalId(pamAgain.bets));
      const rechecked = new Set(differing);
      pending = [...pending.filter((bet) => !rechecked.has(bet.betId)), ...again.pending];
      differences = [
        ...differences.filter((difference) => difference.betId === null || !rechecked.has(difference.betId)),
        ...again.differences,
      ];
      for (const player of pamAgain.players) players.set(player.playerId, player);
    }
    differences = differences.filter((difference) => difference.betId !== null);
    for (const player of players.values()) {
      const difference = compareBalance(player);
      if (difference) differences.push(difference);
    }
    return {
      since: options.since?.toISOString() ?? null,
      checkedAt: this.clock.now().toISOString(),
      bets: new Set([...book.keys(), ...pam.bets.keys()]).size,
      pending,
      differences,
    };
  }

  /** Runs every `intervalMs`, over the last `windowMs`, reporting each run (differences to `onReport`). */
  start(
    intervalMs: number,
    windowMs: number,
    onReport: (report: ReconciliationReport) => void,
    onError: (error: unknown) => void,
  ): void {
    if (this.timer || intervalMs <= 0) return;
    const tick = () => {
      this.running = this.run({ since: new Date(this.clock.now().getTime() - windowMs) })
        .then(onReport, onError)
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, intervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, intervalMs).unref();
  }

  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = undefined;
    if (timer) clearTimeout(timer);
    await this.running;
  }

  private compare(ids: Set<string>, book: Map<string, BookBet>, pam: Map<string, ReconciliationBet>) {
    const pending: PendingBet[] = [];
    const differences: Difference[] = [];
    for (const id of ids) {
      const result = compareBet(book.get(id), pam.get(id));
      if ('pending' in result) pending.push(result.pending);
      else differences.push(...result.differences);
    }
    return { pending, differences };
  }

  private async bookInRange(since: Date): Promise<Map<string, BookBet>> {
    const rows = await this.db
      .selectFrom('sportsbook.bets')
      .select('id')
      .where((eb) => eb.or([eb('placed_at', '>=', since), eb('settled_at', '>=', since)]))
      .execute();
    return new Map((await this.bookByIds(rows.map((row) => row.id))).map((bet) => [bet.betId, bet]));
  }

  private async bookByIds(ids: string[]): Promise<BookBet[]> {
    const out: BookBet[] = [];
    for (const chunk of chunks(
      ids.filter((id) => UUID.test(id)),
      RECONCILIATION_MAX_IDS,
    )) {
      const bets = await this.db
        .selectFrom('sportsbook.bets')
        .select(['id', 'player_id', 'stake', 'status', 'cashed_out_stake', 'free_bet_id'])
        .where('id', 'in', chunk)
        .execute();
      const calls = await this.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['id', 'bet_id', 'kind', 'state', 'body', 'answer'])
        .where('bet_id', 'in', chunk)
        .execute();
      const callsOf = new Map<string, BookBet['calls']>();
      for (const call of calls) {
        const amount = typeof call.body.amount === 'number' ? call.body.amount : 0;
        const code =
          call.state === 'failed' && call.answer && typeof call.answer.code === 'string' ? call.answer.code : null;
        const entry = {
          id: call.id,
          kind: call.kind,
          state: call.state,
          amount,
          code,
          closesBet: call.body.closesBet !== false,
        };
        const list = callsOf.get(call.bet_id);
        if (list) list.push(entry);
        else callsOf.set(call.bet_id, [entry]);
      }
      // The cash staked: what still rides plus what partial cash outs took; a free bet's stake was never cash.
      for (const bet of bets)
        out.push({
          betId: bet.id,
          playerId: Number(bet.player_id),
          stake: bet.free_bet_id === null ? bet.stake + bet.cashed_out_stake : 0,
          status: bet.status,
          calls: callsOf.get(bet.id) ?? [],
        });
    }
    return out;
  }

  private async pamInRange(
    since: Date,
  ): Promise<{ bets: Map<string, ReconciliationBet>; players: ReconciliationPlayer[] }> {
    const bets = new Map<string, ReconciliationBet>();
    const players: ReconciliationPlayer[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.ask({
        since: since.toISOString(),
        limit: RECONCILIATION_MAX_IDS,
        ...(after ? { after } : {}),
      });
      for (const bet of page.bets) bets.set(canonicalId(bet.betId), bet);
      players.push(...page.players);
      if (!page.next) return { bets, players };
      after = page.next;
    }
  }

  private async pamByIds(ids: string[]): Promise<{ bets: ReconciliationBet[]; players: ReconciliationPlayer[] }> {
    const bets: ReconciliationBet[] = [];
    const players: ReconciliationPlayer[] = [];
    for (const chunk of chunks(ids, RECONCILIATION_MAX_IDS)) {
      const page = await this.ask({ betIds: chunk });
      bets.push(...page.bets);
      players.push(...page.players);
    }
    return { bets, players };
  }

  private async ask(request: ReconciliationRequest): Promise<ReconciliationResponse> {
    const answer = await this.wallet.call('reconciliation', request as Record<string, unknown>);
    if (answer.outcome === 'unanswered')
      throw new PamUnreachable(`The PAM did not answer the reconciliation call: ${answer.reason}`);
    if (answer.outcome === 'refused')
      throw new PamUnreachable(`The PAM refused the reconciliation call: ${answer.code} ${answer.message}`);
    const parsed = reconciliationResponse.safeParse(answer.body);
    if (!parsed.success)
      throw new PamUnreachable('The PAM answered the reconciliation call with something that is not a reconciliation');
    return parsed.data;
  }
}
