/**
 * Crash test of the exchange (issue 25), short: the exchange (server/exchange/main.ts) and the PAM as real processes
 * on a scratch PostgreSQL, each killed with SIGKILL while customers place and cancel orders, then started again. No
 * acknowledged order is lost, nothing is matched twice, and `npm run operator -- ex-reconcile` finds every hold equal
 * to its exposure and to the PAM's, before and after settlement. The long run is `npm run bench -- exchange`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../server/platform/db/scratch-database';
import { ExchangeCrashWorld } from './support/cluster/exchange-crash';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

describe('the exchange survives kill -9 of itself and of the PAM [postgres, real processes]', () => {
  let scratch: ScratchDatabase;
  let world: ExchangeCrashWorld;

  beforeAll(async () => {
    scratch = await createScratchDatabase(SERVER_URL, 'ex_integrity_crash');
    world = await ExchangeCrashWorld.create(scratch.url, 4);
  }, 120_000);

  afterAll(async () => {
    await world?.close();
    await scratch?.drop();
  }, 30_000);

  const expectClean = async () => {
    await world.settleDown(60_000);
    const verdict = await world.verify();
    expect(verdict.lost).toEqual([]);
    expect(verdict.matchedTwice).toEqual([]);
    const reconcile = world.reconcile();
    expect(reconcile.report.differences, reconcile.output).toEqual([]);
    expect(reconcile.report.pending).toEqual([]);
    expect(reconcile.status).toBe(0);
    return verdict;
  };

  it('kill -9 of the exchange and then of the PAM while orders flow: no acknowledged order lost, none matched twice, holds equal exposure', async () => {
    await world.killRound(world.exchange, { clients: 4, killAfterMs: 1_500, downMs: 200, afterMs: 1_000 });
    await world.killRound(world.pam, { clients: 4, killAfterMs: 1_500, downMs: 500, afterMs: 1_500 });
    expect(world.exchange.kills + world.pam.kills).toBe(2);
    const verdict = await expectClean();
    expect(verdict.acknowledged).toBeGreaterThan(10);
  }, 180_000);

  it('settles after the crashes with every payment its hold less commission', async () => {
    world.finish({ home: 2, away: 1 });
    await world.killRound(world.exchange, { clients: 0, killAfterMs: 150, downMs: 100, afterMs: 500 });
    await expectClean();
  }, 150_000);
});
