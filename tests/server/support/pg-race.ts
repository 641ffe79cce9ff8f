import pg from 'pg';
import type { TestContext } from './harness';

export type Block = 'suspension' | 'self-exclusion';

/**
 * Races on PostgreSQL that need a transaction held open from a connection of the test's own (PGlite is one
 * connection: its transactions never interleave): the connections, a way to see a backend waiting on a lock, and
 * the blocks (suspension, self-exclusion) a money call is raced against.
 */
export function pgRace(context: () => TestContext) {
  const clients: pg.Client[] = [];

  async function connect() {
    const client = new pg.Client({ connectionString: context().database.connectionString! });
    await client.connect();
    clients.push(client);
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    return { client, pid };
  }

  /** Backends of this database waiting on a lock, other than `except`. */
  async function lockWaiters(monitor: pg.Client, except: number[]): Promise<number> {
    const { rows } = await monitor.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> ALL($1::int[])`,
      [except],
    );
    return rows[0]!.n;
  }

  async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
    const started = Date.now();
    while (!(await condition())) {
      if (Date.now() - started > 10_000) throw new Error(`${what}: not in time`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** A self-exclusion's transaction as SaferGamblingService.lock writes it, held open after its UPDATE until `commit`. */
  async function heldSelfExclusion(userId: number) {
    const exclusion = await connect();
    await exclusion.client.query('BEGIN');
    await exclusion.client.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    await exclusion.client.query(
      `UPDATE users SET exclusion_kind = 'self-exclusion', exclusion_until = NULL, exclusion_permanent = true, updated_at = now() WHERE id = $1`,
      [userId],
    );
    return { pid: exclusion.pid, commit: () => exclusion.client.query('COMMIT') };
  }

  /** Starts a block through the real service; `committed()` says whether it has committed yet. */
  function startBlock(block: Block, userId: number) {
    const { services } = context();
    let committed = false;
    const done = (
      block === 'suspension'
        ? services.accounts.suspend(userId)
        : services.saferGambling.lock(userId, { days: 180 }).then(() => undefined)
    ).then(() => {
      committed = true;
    });
    return { done, committed: () => committed };
  }

  const close = () => Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  return { connect, lockWaiters, until, heldSelfExclusion, startBlock, close };
}
