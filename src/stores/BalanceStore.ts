import { makeAutoObservable, runInAction } from 'mobx';
import type { BalanceResponse } from '../contract/wallet';
import { errorMessage } from '../api/http';
import { FiguresSet } from '../lib/figures-set';

export const BALANCE_POLL_MS = 30_000;

interface BalanceCache {
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
  /** A read answered after a push is older than that push, and must not put its figure back. */
  private readonly figuresSet = new FiguresSet();

  constructor(private readonly deps: BalanceDeps) {
    makeAutoObservable<BalanceStore, 'deps' | 'userId' | 'figuresSet'>(this, {
      deps: false,
      userId: false,
      figuresSet: false,
    });
  }

  /** Whether there is a figure worth showing: a server answer or the last one this device saw. Never a made-up £0.00. */
  get known(): boolean {
    return this.fresh || this.lastKnownAt !== null;
  }

  /** The server could not be asked and the device has nothing saved: say so rather than show a number. */
  get unavailable(): boolean {
    return !this.known && this.error !== null;
  }

  forUser(userId: number | null): void {
    if (userId === this.userId) return;
    this.userId = userId;
    if (userId === null) return;
    // The first balance may arrive before we know whose it is; keep it once we do.
    if (this.fresh && this.lastKnownAt === null) void this.deps.cache.save(userId, this.balance, this.currency);
    // A read that already failed (server down at page load) falls back to what the device saved.
    else if (!this.fresh && this.error !== null) void this.showLastKnown();
  }

  async fetch(): Promise<void> {
    this.loading = true;
    // A settlement's credit is pushed as it commits, and may reach the page while a read made just before it is out.
    const overtaken = this.figuresSet.readSent();
    try {
      const answer = await this.deps.fetchBalance();
      if (!overtaken()) this.set(answer.balance, answer.currency);
    } catch (error) {
      if (overtaken()) return;
      runInAction(() => {
        this.error = errorMessage(error);
      });
      await this.showLastKnown();
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  set(balance: number, currency = this.currency): void {
    this.figuresSet.counted();
    this.balance = balance;
    this.currency = currency;
    this.lastKnownAt = null;
    this.error = null;
    this.fresh = true;
    if (this.userId !== null) void this.deps.cache.save(this.userId, balance, currency);
  }

  async showLastKnown(): Promise<void> {
    const userId = this.userId;
    if (userId === null) return;
    const overtaken = this.figuresSet.readSent();
    const saved = await this.deps.cache.load(userId);
    if (!saved) return;
    runInAction(() => {
      if (this.userId !== userId || overtaken()) return;
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
