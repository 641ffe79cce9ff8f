import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, operator, TEST_SECRETS } from './support/harness';
import { walletCall } from './support/games';
import { createBetsWorld, frame, punter, slip, type BetsWorld } from './support/sportsbook-bets';
import { WalletClient } from '../../server/sportsbook/wallet-client';
import { Reconciler, type ReconciliationReport } from '../../server/sportsbook/reconciliation/reconciler';
import { parseReconcileArgs, reconciliationFailed } from '../../server/sportsbook/reconciliation/command';
import { creditCallId } from '../../server/sportsbook/bets/wallet-calls';

for (const kind of databaseKinds()) {
  describe(`reconciliation of the sportsbook with the PAM [${kind}]`, () => {
    let world: BetsWorld;
    let reconciler: Reconciler;
    beforeAll(async () => {
      world = await createBetsWorld(kind);
      const address = world.pam.app.server.address();
      const pamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      reconciler = new Reconciler(
        world.db,
        new WalletClient({ pamUrl, secret: TEST_SECRETS.sportsbookSecret, clock: world.pam.clock }),
        world.pam.clock,
      );
    }, 60_000);
    afterAll(async () => world?.close());

    const home = (eventId: string) => world.catalogue.selection(eventId, 'match-result', 'home').selectionId;
    /** Each test looks only at what it did: the clock moves on, and the run covers from then. */
    const fromNow = () => {
      world.pam.clock.advance(60_000);
      return world.pam.clock.now();
    };
    const place = async (token: string, stake: number, eventId = world.catalogue.addEvent()) => {
      const body = slip(world, [home(eventId)], stake);
      const placed = await frame(world, token, 'POST', '/api/bets', body);
      return { betId: body.betId, eventId, statusCode: placed.statusCode };
    };
    const kinds = (report: ReconciliationReport) =>
      report.differences.map((difference) => [difference.kind, difference.betId]);

    it('bets won, lost, voided and refused through the real path reconcile with no difference', async () => {
      const since = fromNow();
      const p = await punter(world, 10_000);
      const won = await place(p.token, 1_000);
      const lost = await place(p.token, 500);
      const voided = await place(p.token, 300);
      const refused = await place(p.token, 50_000);
      expect([won.statusCode, lost.statusCode, voided.statusCode, refused.statusCode]).toEqual([201, 201, 201, 422]);
      await world.catalogue.resultEvent(won.eventId, {
        halfTime: { home: 1, away: 0 },
        fullTime: { home: 2, away: 0 },
      });
      await world.catalogue.resultEvent(lost.eventId, {
        halfTime: { home: 0, away: 0 },
        fullTime: { home: 0, away: 1 },
      });
      await world.bets.voidBet(voided.betId);
      const report = await reconciler.run({ since });
      expect(report.differences).toEqual([]);
      expect(report.pending).toEqual([]);
      expect(report.bets).toBe(4);
      expect(reconciliationFailed(report)).toBe(false);
    });

    it('a bet whose debit is still in flight is pending, not a difference; once delivered it reconciles', async () => {
      const since = fromNow();
      const p = await punter(world, 10_000);
      world.cutWallet(true);
      const bet = await place(p.token, 700);
      world.cutWallet(false);
      expect(bet.statusCode).toBe(202);
      const report = await reconciler.run({ since });
      expect(report.pending).toEqual([{ betId: bet.betId, calls: [`debit:${bet.betId}`] }]);
      expect(report.differences).toEqual([]);
      world.pam.clock.advance(30_000);
      await world.outbox.drainDue();
      const after = await reconciler.run({ since });
      expect(after.pending).toEqual([]);
      expect(after.differences).toEqual([]);
    });

    it('a credit the sportsbook holds as paid but the PAM never received is a missing credit', async () => {
      const since = fromNow();
      const p = await punter(world, 10_000);
      const bet = await place(p.token, 1_000);
      world.cutWallet(true);
      await world.catalogue.resultEvent(bet.eventId, {
        halfTime: { home: 1, away: 0 },
        fullTime: { home: 1, away: 0 },
      });
      world.cutWallet(false);
      // The fault on purpose: the outbox row says answered, the PAM never saw the call.
      await world.db
        .updateTable('sportsbook.wallet_calls')
        .set({ state: 'done', answer: '{}' })
        .where('id', '=', creditCallId(bet.betId))
        .execute();
      const report = await reconciler.run({ since });
      expect(kinds(report)).toEqual([['missing-credit', bet.betId]]);
      expect(report.differences[0]!.message).toBe('The sportsbook settled returns of £20.00 that the PAM never paid');
      expect(reconciliationFailed(report)).toBe(true);
    });

    it('a stake the PAM took for a bet the sportsbook rejected, or does not know, is an orphan debit', async () => {
      const since = fromNow();
      const p = await punter(world, 10_000);
      const bet = await place(p.token, 400);
      await world.db.updateTable('sportsbook.bets').set({ status: 'rejected' }).where('id', '=', bet.betId).execute();
      await world.db
        .updateTable('sportsbook.wallet_calls')
        .set({ state: 'failed' })
        .where('id', '=', `debit:${bet.betId}`)
        .execute();
      const session = await world.db
        .selectFrom('sportsbook.sessions')
        .select('pam_session_id')
        .where('player_id', '=', String(p.user.id))
        .executeTakeFirstOrThrow();
      const stray = await walletCall(world.pam, 'debit', {
        transactionId: 'stray-debit-1',
        betId: `stray-bet-${kind}`,
        playerId: p.user.id,
        sessionId: session.pam_session_id,
        amount: 250,
        maxReturn: 250,
      });
      expect(stray.statusCode, stray.body).toBe(200);
      const report = await reconciler.run({ since });
      expect(kinds(report).sort()).toEqual(
        [
          ['orphan-debit', bet.betId],
          ['orphan-debit', `stray-bet-${kind}`],
        ].sort(),
      );
      expect(report.differences.find((d) => d.betId === `stray-bet-${kind}`)!.message).toBe(
        'The PAM holds a stake of £2.50 on a bet the sportsbook does not know',
      );
    });

    it('different amounts on the two sides are an amount mismatch: a stake changed, returns paid a second way', async () => {
      const since = fromNow();
      const p = await punter(world, 10_000);
      const changed = await place(p.token, 600);
      await world.db.updateTable('sportsbook.bets').set({ stake: 650 }).where('id', '=', changed.betId).execute();
      await world.db
        .updateTable('sportsbook.wallet_calls')
        .set({ body: sql`jsonb_set(body, '{amount}', '650')` as never })
        .where('id', '=', `debit:${changed.betId}`)
        .execute();
      const twice = await place(p.token, 500);
      // Someone paid returns a second way (within the bet's maximum) on a bet the sportsbook then settled as lost.
      const extra = await walletCall(world.pam, 'credit', {
        transactionId: 'extra-credit-1' + kind,
        betId: twice.betId,
        playerId: p.user.id,
        amount: 500,
        closesBet: false,
      });
      expect(extra.statusCode, extra.body).toBe(200);
      await world.catalogue.resultEvent(twice.eventId, {
        halfTime: { home: 0, away: 0 },
        fullTime: { home: 0, away: 1 },
      });
      const report = await reconciler.run({ since });
      expect(kinds(report)).toEqual(
        expect.arrayContaining([
          ['amount-mismatch', changed.betId],
          ['amount-mismatch', twice.betId],
          ['id-mismatch', twice.betId],
        ]),
      );
      expect(report.differences).toHaveLength(3);
      expect(report.differences.find((d) => d.betId === changed.betId)!.message).toBe(
        'Stake: £6.50 at the sportsbook, £6.00 at the PAM',
      );
      expect(report.differences.find((d) => d.betId === twice.betId && d.kind === 'amount-mismatch')!.message).toBe(
        'Returns: £0.00 paid by the sportsbook, £5.00 at the PAM',
      );
      expect(report.differences.find((d) => d.kind === 'id-mismatch')!.message).toBe(
        `The PAM's Returns posting answered extra-credit-1${kind}, a call the sportsbook never made`,
      );
    });

    it('a bet open on one side and closed on the other is a status mismatch, either way round', async () => {
      const since = fromNow();
      const p = await punter(world, 10_000);
      const closedAtPam = await place(p.token, 200);
      const closed = await walletCall(world.pam, 'credit', {
        transactionId: 'close-early-' + closedAtPam.betId,
        betId: closedAtPam.betId,
        playerId: p.user.id,
        amount: 0,
        closesBet: true,
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const openAtPam = await place(p.token, 300);
      world.cutWallet(true);
      await world.catalogue.resultEvent(openAtPam.eventId, {
        halfTime: { home: 0, away: 0 },
        fullTime: { home: 0, away: 2 },
      });
      world.cutWallet(false);
      await world.db
        .updateTable('sportsbook.wallet_calls')
        .set({ state: 'done', answer: '{}' })
        .where('id', '=', creditCallId(openAtPam.betId))
        .execute();
      const report = await reconciler.run({ since });
      expect(report.differences.map((d) => [d.kind, d.betId, d.message]).sort()).toEqual(
        [
          ['status-mismatch', closedAtPam.betId, 'Open at the sportsbook, closed at the PAM'],
          ['status-mismatch', openAtPam.betId, 'Settled (lost) at the sportsbook, still open at the PAM'],
        ].sort(),
      );
    });

    it('inside the PAM, a balance or a bets record that is not the sum of its postings is a ledger mismatch', async () => {
      const since = fromNow();
      const p = await punter(world, 10_000);
      const bet = await place(p.token, 100);
      await sql`UPDATE bets SET staked = staked + 1 WHERE bet_id = ${bet.betId}`.execute(world.pam.database.db);
      await sql`UPDATE wallets SET balance = balance + 7 WHERE user_id = ${p.user.id}`.execute(world.pam.database.db);
      const report = await reconciler.run({ since });
      expect(report.differences.map((d) => [d.kind, d.betId, d.playerId])).toEqual([
        ['ledger-mismatch', bet.betId, p.user.id],
        ['ledger-mismatch', null, p.user.id],
      ]);
      expect(report.differences[1]!.message).toBe("Balance £99.07 is not the sum of the player's postings (£99.00)");
      await sql`UPDATE wallets SET balance = balance - 7 WHERE user_id = ${p.user.id}`.execute(world.pam.database.db);
    });

    /** The PAM's rows of this bet renamed to the upper-case spelling an older sportsbook passed on from the browser. */
    const spellInUpperCaseAtPam = async (betId: string) => {
      const upper = betId.toUpperCase();
      const db = world.pam.database.db;
      await sql`UPDATE bets SET bet_id = ${upper} WHERE bet_id = ${betId}`.execute(db);
      await sql`UPDATE transactions SET bet_id = ${upper}, iqs_transaction_id = replace(iqs_transaction_id, ${betId}, ${upper}) WHERE bet_id = ${betId}`.execute(
        db,
      );
      await sql`UPDATE wallet_calls SET bet_id = ${upper}, transaction_id = replace(transaction_id, ${betId}, ${upper}) WHERE bet_id = ${betId}`.execute(
        db,
      );
      await sql`UPDATE free_bets SET used_bet_id = ${upper} WHERE used_bet_id = ${betId}`.execute(db);
      return upper;
    };

    it('a bet the PAM holds under another spelling of its id is an id mismatch, named, with what it stranded', async () => {
      const since = fromNow();
      const p = await punter(world, 10_000);
      const bet = await place(p.token, 1_000);
      const upper = await spellInUpperCaseAtPam(bet.betId);
      await world.catalogue.resultEvent(bet.eventId, {
        halfTime: { home: 1, away: 0 },
        fullTime: { home: 1, away: 0 },
      });
      await world.outbox.drainDue();
      const report = await reconciler.run({ since });
      expect(kinds(report)).toEqual([
        ['id-mismatch', bet.betId],
        ['id-mismatch', bet.betId],
        ['missing-credit', bet.betId],
      ]);
      expect(report.differences.map((difference) => difference.message)).toEqual([
        `The PAM holds this bet as ${upper}, the sportsbook as ${bet.betId}`,
        `The PAM's Stake posting answered debit:${upper}, a call the sportsbook holds as debit:${bet.betId}`,
        'The sportsbook settled returns of £20.00 that the PAM never paid (refused: UnknownBet)',
      ]);
    });

    it('a voided free bet the PAM holds under another spelling is named too, though no cash moved on it', async () => {
      const since = fromNow();
      const p = await punter(world, 1_000);
      const granted = await operator(world.pam, 'free-bet', 'grant', p.user.email, '500');
      const freeBetId = granted.json().result.freeBetId as string;
      const eventId = world.catalogue.addEvent();
      const placed = await frame(world, p.token, 'POST', '/api/bets', slip(world, [home(eventId)], 500, { freeBetId }));
      expect(placed.statusCode, placed.body).toBe(201);
      const betId = (placed.json() as { bet: { betId: string } }).bet.betId;
      const upper = await spellInUpperCaseAtPam(betId);
      await world.bets.voidBet(betId);
      await world.outbox.drainDue();
      const report = await reconciler.run({ since });
      expect(report.differences).toEqual([
        {
          kind: 'id-mismatch',
          betId,
          playerId: p.user.id,
          message: `The PAM holds this bet as ${upper}, the sportsbook as ${betId}`,
        },
        {
          kind: 'status-mismatch',
          betId,
          playerId: p.user.id,
          message: 'Settled (void) at the sportsbook, still open at the PAM',
        },
      ]);
    });

    it('the PAM answers the reconciliation call only when signed, and refuses bad input with 400', async () => {
      expect(
        (await walletCall(world.pam, 'reconciliation', { since: '2026-01-01T00:00:00Z' }, { signature: null }))
          .statusCode,
      ).toBe(401);
      for (const body of [
        {},
        { since: 'yesterday' },
        { since: '2026-01-01T00:00:00Z', betIds: [] },
        { betIds: ['a b'] },
        { betIds: Array.from({ length: 1_001 }, (_, n) => `b${n}`) },
        { since: '2026-01-01T00:00:00Z', limit: 0 },
        { since: '2026-01-01T00:00:00Z', extra: 1 },
      ]) {
        const response = await walletCall(world.pam, 'reconciliation', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await walletCall(world.pam, 'reconciliation', { betIds: ['never-seen'] })).json()).toEqual({
        bets: [],
        players: [],
        next: null,
      });
    });

    it('the command takes --since with an ISO date, and nothing else', () => {
      expect(parseReconcileArgs([])).toEqual({});
      expect(parseReconcileArgs(['--since', '2026-11-25T00:00:00Z']).since!.toISOString()).toBe(
        '2026-11-25T00:00:00.000Z',
      );
      expect(() => parseReconcileArgs(['--since', 'yesterday'])).toThrow('Not a date');
      expect(() => parseReconcileArgs(['--from', '2026-11-25'])).toThrow('Usage');
    });
  });
}
