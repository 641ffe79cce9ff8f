import pg from 'pg';

/** Who may run the feed: one instance at a time. */
export interface FeedLeadership {
  /** True while this instance holds the lead; tries to take it when free. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** With PGlite the sportsbook is one process on one embedded database: it always leads. */
export const soleLeadership: FeedLeadership = { acquire: async () => true, release: async () => {} };

/** 'sportsbook feed' as a 64-bit advisory lock key. */
const FEED_LOCK_KEY = 7_358_204_911_003n;

/**
 * A PostgreSQL session-level advisory lock held on a connection of its own: it lasts as long as that connection,
 * so an instance that dies or loses the database lets another take over.
 */
export class AdvisoryLockLeadership implements FeedLeadership {
  private client: pg.Client | undefined;
  private held = false;

  constructor(
    private readonly connectionString: string,
    private readonly key: bigint = FEED_LOCK_KEY,
  ) {}

  async acquire(): Promise<boolean> {
    if (this.held && this.client) return true;
    if (!this.client) {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('error', () => {
        this.held = false;
        this.client = undefined;
      });
      await client.connect();
      this.client = client;
    }
    const { rows } = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [
      this.key.toString(),
    ]);
    this.held = rows[0]?.locked === true;
    return this.held;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    // Closing the connection releases the lock.
    await client?.end().catch(() => undefined);
  }
}
