/** How long a first cash-out press waits for its second, as bet365 asks for one (docs/decisions.md, "Cash out confirmed"). */
export const CASH_OUT_CONFIRM_MS = 4_000;

/** What a press would cash out: the offer shown and, for a partial cash out, the amount asked (null: in full). */
export interface CashOutAsk {
  offer: number;
  amount: number | null;
}

export interface ConfirmTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const sameAsk = (a: CashOutAsk, b: CashOutAsk): boolean => a.offer === b.offer && a.amount === b.amount;

/**
 * Cash out takes two presses: the first asks "Confirm cash out £x.xx", a second within CASH_OUT_CONFIRM_MS on the
 * same figures sends it. When the offer moves in between, the ask shows the new figure and its window starts again,
 * so a second press never pays a figure the customer did not see for a moment; after the window it lapses.
 */
export class CashOutConfirmations {
  private readonly asks = new Map<string, { ask: CashOutAsk; timer: unknown; changedFrom: number | null }>();

  constructor(
    private readonly timers: ConfirmTimers,
    private readonly changed: () => void,
    private readonly windowMs: number = CASH_OUT_CONFIRM_MS,
  ) {}

  /** The press awaiting its confirmation on this bet, if any. */
  awaiting(betId: string): CashOutAsk | undefined {
    return this.asks.get(betId)?.ask;
  }

  /** The offer the awaited press was first made on, when it has since moved (null when it has not). */
  movedFrom(betId: string): number | null {
    return this.asks.get(betId)?.changedFrom ?? null;
  }

  /** A press: true when it confirms the awaited one (the same figures, in time); else it now awaits its confirmation. */
  press(betId: string, ask: CashOutAsk): boolean {
    const waiting = this.asks.get(betId);
    if (waiting && sameAsk(waiting.ask, ask)) {
      this.drop(betId);
      return true;
    }
    this.await(betId, ask, null);
    return false;
  }

  /** The offer on a bet now: an awaited press shows it and waits afresh; with no offer there is nothing to confirm. */
  offerNow(betId: string, offer: number | null): void {
    const waiting = this.asks.get(betId);
    if (!waiting || waiting.ask.offer === offer) return;
    if (offer === null) this.cancel(betId);
    else this.await(betId, { ...waiting.ask, offer }, waiting.ask.offer);
  }

  /** The customer changed what they ask (the amount, full or partial): the press is forgotten. */
  cancel(betId: string): void {
    if (this.drop(betId)) this.changed();
  }

  private await(betId: string, ask: CashOutAsk, changedFrom: number | null): void {
    this.drop(betId);
    const timer = this.timers.setTimeout(() => {
      if (this.asks.get(betId)?.timer === timer) this.cancel(betId);
    }, this.windowMs);
    this.asks.set(betId, { ask, timer, changedFrom });
    this.changed();
  }

  private drop(betId: string): boolean {
    const waiting = this.asks.get(betId);
    if (!waiting) return false;
    this.timers.clearTimeout(waiting.timer);
    this.asks.delete(betId);
    return true;
  }
}
