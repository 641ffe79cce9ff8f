import { makeAutoObservable, runInAction } from 'mobx';
import type { BalanceResponse } from '../contract/wallet';

export const BALANCE_POLL_MS = 30_000;

export interface BalanceCache {
  load(userId: number): Promise<{ balance: number; currency: string; savedAt: number } | undefined>;
  save(userId: number, balance: number, currency: string): Promise<void>;
}

export interface BalanceDeps {
  fetchBalance: () => Promise<BalanceResponse>;
  cache: BalanceCache;
  now: () => number;
}

/** The customer's balance in pence, fed by the live connection, polling, and money results; the last one is kept for offline. */
export class BalanceStore {
  balance = 0;
  currency = 'GBP';
  /** Set when the figure shown is the last known one from the device (offline), not a fresh answer. */
  lastKnownAt: number | null = null;
  loading = false;
  error: string | null = null;
  private userId: number | null = null;
  /** Whether `balance` is an answer from the server (not the zero of a reset), so worth keeping. */
  private fresh = false;

  constructor(private readonly deps: BalanceDeps) {
    makeAutoObservable<BalanceStore, 'deps' | 'userId' | 'fresh'>(this, { deps: false, userId: false, fresh: false });
  }

  forUser(userId: number | null): void {
    this.userId = userId;
    // The first balance usually arrives before the user details; keep it once we know whose it is.
    if (userId !== null && this.fresh && this.lastKnownAt === null) void this.deps.cache.save(userId, this.balance, this.currency);
  }

  async fetch(): Promise<void> {
    this.loading = true;
    try {
      const answer = await this.deps.fetchBalance();
      this.set(answer.balance, answer.currency);
    } catch (error) {
      runInAction(() => {
        this.error = error instanceof Error ? error.message : 'Unknown error';
      });
      await this.showLastKnown();
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  set(balance: number, currency = this.currency): void {
    this.balance = balance;
    this.currency = currency;
    this.lastKnownAt = null;
    this.error = null;
    this.fresh = true;
    if (this.userId !== null) void this.deps.cache.save(this.userId, balance, currency);
  }

  async showLastKnown(): Promise<void> {
    if (this.userId === null) return;
    const saved = await this.deps.cache.load(this.userId);
    if (!saved) return;
    runInAction(() => {
      this.balance = saved.balance;
      this.currency = saved.currency;
      this.lastKnownAt = saved.savedAt;
    });
  }

  reset(): void {
    this.balance = 0;
    this.currency = 'GBP';
    this.lastKnownAt = null;
    this.error = null;
    this.userId = null;
    this.fresh = false;
  }
}
