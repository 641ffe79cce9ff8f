import { makeAutoObservable, runInAction } from 'mobx';
import type { RealityChecksApi } from '../../api/reality-checks';
import { errorMessage } from '../../api/http';
import { save } from '../../stores/saving';
import type { RealityCheckStatus, RealityCheckSummary } from '../../contract/reality-checks';
import type { Timers } from '../../stores/timers';

/** A summary that could not be read is asked for again this soon, rather than the reminder being lost. */
export const SUMMARY_RETRY_MS = 30_000;

export interface RealityCheckStoreDeps {
  api: Pick<RealityChecksApi, 'status' | 'configure' | 'summary' | 'acknowledge'>;
  timers: Timers;
}

/**
 * Reality checks (RTS 13; docs/decisions.md, Reality checks): the server says how long until this session's next
 * reminder, counted from sign-in, so a reload picks up where the session is; the reminder shows the session's figures
 * until the customer continues, logs out or goes to their history.
 */
export class RealityCheckStore {
  status: RealityCheckStatus | null = null;
  /** The reminder on screen, with the figures it shows; null when none is showing. */
  reminder: RealityCheckSummary | null = null;
  saving = false;
  error: string | null = null;
  private timer: unknown = undefined;

  constructor(private readonly deps: RealityCheckStoreDeps) {
    makeAutoObservable<RealityCheckStore, 'deps' | 'timer'>(this, { deps: false, timer: false });
  }

  get intervalMinutes(): number | null {
    return this.status?.intervalMinutes ?? null;
  }

  /** At sign-in and on each load of the app while signed in. */
  async start(): Promise<void> {
    try {
      this.apply(await this.deps.api.status());
    } catch (error) {
      runInAction(() => {
        this.error = errorMessage(error);
      });
    }
  }

  /** The setting in Responsible Gambling: every so many minutes, or off (null). */
  async configure(intervalMinutes: number | null): Promise<boolean> {
    return save(this, async () => this.apply(await this.deps.api.configure({ intervalMinutes })));
  }

  /** Continue: the reminder goes, and the server counts the next one from the session's sign-in. */
  async continue(): Promise<void> {
    this.reminder = null;
    try {
      this.apply(await this.deps.api.acknowledge());
    } catch {
      // Not recorded: the server still has it due, so it comes back rather than being lost.
      this.schedule(SUMMARY_RETRY_MS);
    }
  }

  /** At sign-out nothing of the last session stays. */
  reset(): void {
    this.clearTimer();
    this.status = null;
    this.reminder = null;
    this.error = null;
    this.saving = false;
  }

  private apply(status: RealityCheckStatus): void {
    this.status = status;
    this.error = null;
    if (status.dueInMs === null) {
      this.clearTimer();
      this.reminder = null;
    } else if (!this.reminder) this.schedule(Math.max(0, status.dueInMs));
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = this.deps.timers.setTimeout(() => void this.show(), ms);
  }

  private async show(): Promise<void> {
    this.timer = undefined;
    try {
      const summary = await this.deps.api.summary();
      runInAction(() => {
        if (this.status?.dueInMs !== null) this.reminder = summary;
      });
    } catch {
      this.schedule(SUMMARY_RETRY_MS);
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.deps.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
