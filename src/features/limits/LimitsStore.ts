import { makeAutoObservable, runInAction } from 'mobx';
import type { LimitsApi } from '../../api/limits';
import { errorMessage } from '../../api/http';
import { save } from '../../stores/saving';
import type { DepositLimit, LimitKind, LimitsResponse } from '../../contract/limits';
import {
  DAILY_ABOVE_MONTHLY,
  INVALID_AMOUNT,
  LIMIT_COOLING_OFF_MS,
  USER_NOT_AVAILABLE,
  limitKey,
} from '../../contract/limits-rules';
import { poundsToPence } from '../../contract/rules/money';
import { formatTime } from '../../lib/dates';
import { deletionConfirmation, immediateConfirmation, laterConfirmation, rewordLimitError } from './messages';

export interface LimitsStoreDeps {
  api: Pick<LimitsApi, 'getLimits' | 'setLimit' | 'deleteLimit'>;
  now: () => number;
  /** The signed-in customer's id, once their details have loaded. */
  userId: () => number | undefined;
  /** Why the customer's details could not be loaded, if they could not. */
  userError?: () => string | null;
}

export type LimitsConfirmation = { type: 'set' | 'delete'; text: string };

/** The deposit limits drawer and the registration limit step: the form's rules and the server's answers. */
export class LimitsStore {
  limits: LimitsResponse | null = null;
  loading = false;
  loadError: string | null = null;
  kind: LimitKind = 'Daily';
  amountInput = '';
  error: string | null = null;
  saving = false;
  confirmation: LimitsConfirmation | null = null;
  /** A limit was set in this visit (the registration step's button turns from Skip to Next). */
  setThisVisit = false;
  deleting = false;
  deleteError: string | null = null;

  constructor(private readonly deps: LimitsStoreDeps) {
    makeAutoObservable<LimitsStore, 'deps'>(this, { deps: false });
  }

  /** Both reasons the screen cannot be shown, joined as the specification asks. */
  get loadErrors(): string | null {
    const errors = [this.loadError, this.deps.userError?.() ?? null].filter((error): error is string => Boolean(error));
    return errors.length ? errors.join(' | ') : null;
  }

  get current(): DepositLimit | null {
    return this.limits?.[limitKey(this.kind)] ?? null;
  }

  /** The active limit that leaves the least to deposit now, for the deposit form; null without a limit. */
  get tightest(): { kind: LimitKind; remaining: number } | null {
    const active = [this.limits?.daily, this.limits?.weekly, this.limits?.monthly].filter(
      (limit): limit is DepositLimit => Boolean(limit?.active),
    );
    if (!active.length) return null;
    const least = active.reduce((a, b) => (b.remaining.remainingAmount < a.remaining.remainingAmount ? b : a));
    return { kind: least.kind, remaining: Math.max(0, least.remaining.remainingAmount) };
  }

  get hasAnyLimit(): boolean {
    return this.setThisVisit || Boolean(this.limits?.daily || this.limits?.weekly || this.limits?.monthly);
  }

  get amount(): number {
    return poundsToPence(this.amountInput);
  }

  get canSubmit(): boolean {
    return Number.isFinite(this.amount) && this.amount > 0 && !this.saving && !this.error;
  }

  /** When a deletion asked for now would take effect, as the modal shows it. */
  get deletionTime(): string {
    return formatTime(this.deps.now() + LIMIT_COOLING_OFF_MS);
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const limits = await this.deps.api.getLimits();
      runInAction(() => {
        this.limits = limits;
        // An amount typed while they loaded (right after a monthly limit was set) is judged again against them.
        if (this.amountInput.trim() !== '') this.error = this.validate();
        this.loadError = null;
      });
    } catch (error) {
      runInAction(() => {
        this.loadError = errorMessage(error);
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  /** Choosing a period starts the form afresh. */
  selectKind(kind: LimitKind): void {
    this.kind = kind;
    this.amountInput = '';
    this.error = null;
    this.confirmation = null;
  }

  setAmountInput(value: string): void {
    this.amountInput = value;
    this.confirmation = null;
    this.error = this.validate();
  }

  pick(pounds: number): void {
    this.setAmountInput(String(pounds));
  }

  private validate(): string | null {
    if (this.amountInput.trim() === '') return null;
    const amount = this.amount;
    if (!Number.isFinite(amount) || amount <= 0) return INVALID_AMOUNT;
    const monthly = this.limits?.monthly;
    if (this.kind === 'Daily' && monthly && amount > monthly.amount) return DAILY_ABOVE_MONTHLY;
    return null;
  }

  async submit(): Promise<boolean> {
    const userId = this.deps.userId();
    if (userId === undefined) {
      this.error = USER_NOT_AVAILABLE;
      return false;
    }
    const problem = this.validate() ?? (this.amount > 0 ? null : INVALID_AMOUNT);
    if (problem) {
      this.error = problem;
      return false;
    }
    const amount = this.amount;
    return save(
      this,
      async () => {
        const { limit } = await this.deps.api.setLimit({ amount, kind: this.kind, userId });
        runInAction(() => {
          this.setThisVisit = true;
          this.amountInput = '';
          this.confirmation = {
            type: 'set',
            text:
              limit.pending && limit.pending.amount !== null
                ? laterConfirmation(limit.pending.amount, limit.pending.effectiveFrom)
                : immediateConfirmation(limit.amount),
          };
        });
        await this.load();
      },
      rewordLimitError,
    );
  }

  async deleteLimit(id: number): Promise<boolean> {
    this.deleting = true;
    this.deleteError = null;
    try {
      const answer = await this.deps.api.deleteLimit(id);
      runInAction(() => {
        this.confirmation = { type: 'delete', text: deletionConfirmation(answer.effectiveFrom) };
      });
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => {
        this.deleteError = errorMessage(error);
      });
      return false;
    } finally {
      runInAction(() => {
        this.deleting = false;
      });
    }
  }

  dismissConfirmation(): void {
    this.confirmation = null;
  }

  /** At sign-out nothing of the last customer stays. */
  reset(): void {
    this.limits = null;
    this.loadError = null;
    this.kind = 'Daily';
    this.amountInput = '';
    this.error = null;
    this.confirmation = null;
    this.setThisVisit = false;
    this.deleteError = null;
  }
}
