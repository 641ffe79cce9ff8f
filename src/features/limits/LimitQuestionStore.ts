import { makeAutoObservable, runInAction } from 'mobx';
import type { LimitsApi } from '../../api/limits';
import { errorMessage } from '../../api/http';
import { save } from '../../stores/saving';
import type { LimitQuestionResponse } from '../../contract/limits';

export interface LimitQuestionStoreDeps {
  api: Pick<LimitsApi, 'limitQuestion' | 'declineLimit' | 'limitReviewed'>;
}

/** The customer's answer on the question screen: neither is chosen until they choose (docs/decisions.md, Limit question). */
export type LimitChoice = 'set' | 'decline';

/**
 * The deposit-limit question before a first deposit (registration's step and the cashier) and the six-monthly reminder
 * to review limits: both as the server answers them, so that a reload or another device agrees.
 */
export class LimitQuestionStore {
  status: LimitQuestionResponse | null = null;
  loadError: string | null = null;
  choice: LimitChoice | null = null;
  saving = false;
  error: string | null = null;
  /** The reminder was dismissed or followed on this device, while the server is told. */
  reviewHandled = false;

  constructor(private readonly deps: LimitQuestionStoreDeps) {
    makeAutoObservable<LimitQuestionStore, 'deps'>(this, { deps: false });
  }

  get mustAnswer(): boolean {
    return this.status?.mustAnswer === true;
  }

  get showReviewReminder(): boolean {
    return this.status?.reviewDue === true && !this.status.mustAnswer && !this.reviewHandled;
  }

  async load(): Promise<void> {
    try {
      const status = await this.deps.api.limitQuestion();
      runInAction(() => {
        this.status = status;
        this.loadError = null;
      });
    } catch (error) {
      runInAction(() => {
        this.loadError = errorMessage(error);
      });
    }
  }

  choose(choice: LimitChoice): void {
    this.choice = choice;
    this.error = null;
  }

  /** Continue with no limit: the server records the decline with its time. */
  async decline(): Promise<boolean> {
    return save(this, async () => {
      const status = await this.deps.api.declineLimit();
      runInAction(() => {
        this.status = status;
      });
    });
  }

  /** The reminder is gone at once; the server counts six months from now. A failure leaves it due for the next visit. */
  async reviewed(): Promise<void> {
    this.reviewHandled = true;
    try {
      const status = await this.deps.api.limitReviewed();
      runInAction(() => {
        this.status = status;
      });
    } catch {
      // Still due on the server, so it is shown again next time; nothing for the customer to do now.
    }
  }

  reset(): void {
    this.status = null;
    this.loadError = null;
    this.choice = null;
    this.saving = false;
    this.error = null;
    this.reviewHandled = false;
  }
}
