import type { LiveCatalogue, CatalogueLogger } from '../catalogue/catalogue';
import type { MatchFeed } from './feed';
import type { FeedLeadership } from './leadership';

export interface FeedRunnerOptions {
  tickMs?: number;
  /** How often an instance that does not lead tries to take the lead. */
  retryLeadMs?: number;
}

/**
 * Drives the feed on a real timer in the one instance that holds the lead; any other instance only serves, and
 * follows what the leader stores. Ticks never overlap.
 */
export class FeedRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private leading = false;
  private lastLeadAttempt = 0;
  private readonly tickMs: number;
  private readonly retryLeadMs: number;

  constructor(
    private readonly feed: MatchFeed,
    private readonly catalogue: LiveCatalogue,
    private readonly leadership: FeedLeadership,
    private readonly logger?: CatalogueLogger,
    options: FeedRunnerOptions = {},
    /** The outrights an instance that does not lead follows from the store too. */
    private readonly seasons?: { syncFromStore(): Promise<void> },
  ) {
    this.tickMs = options.tickMs ?? 1_000;
    this.retryLeadMs = options.retryLeadMs ?? 10_000;
  }

  get isLeading(): boolean {
    return this.leading;
  }

  async start(): Promise<void> {
    await this.runOnce();
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce().finally(() => (this.running = undefined));
    }, this.tickMs);
    this.timer.unref();
  }

  /** One pass: take the lead if free (at most every retryLeadMs), then tick the feed or follow the leader. */
  async runOnce(): Promise<void> {
    try {
      // A leader asks again every pass (free: it answers from memory until its lock's connection is lost).
      if (this.leading || Date.now() - this.lastLeadAttempt >= this.retryLeadMs) {
        if (!this.leading) this.lastLeadAttempt = Date.now();
        this.leading = await this.leadership.acquire();
      }
      if (this.leading) await this.feed.tick();
      else {
        await this.catalogue.syncFromStore();
        await this.seasons?.syncFromStore();
        this.catalogue.evictFinished();
      }
    } catch (error) {
      this.logger?.error({ err: error }, 'feed tick failed');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.feed.idle();
    await this.leadership.release();
    this.leading = false;
  }
}
