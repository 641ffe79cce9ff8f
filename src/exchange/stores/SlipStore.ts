import { Observable } from '../../ui/frame/Observable';
import type { Order, PlaceOrderRequest } from '../../contract/exchange';
import {
  decimalOf,
  floorDiv,
  hundredthsOf,
  isValidHundredths,
  layLiability,
  tickDown,
  tickUp,
  winnings,
} from '../../contract/exchange-ladder';
import { EXCHANGE_REFUSALS, orderRefusal, type OrderSide } from '../../contract/exchange-rules';
import type { OrdersStore } from './OrdersStore';
import { answerOf, type Answer } from './answers';

export const SLIP_KEY = 'ex.slip';

export interface SlipChoice {
  marketId: string;
  selectionId: string;
  runnerName: string;
  side: OrderSide;
  /** Hundredths on the ladder. */
  price: number;
}

export interface SlipDeps {
  orders: Pick<OrdersStore, 'place'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  randomUUID: () => string;
  now: () => number;
  signedIn: () => boolean;
  balance: () => number | null;
  online: () => boolean;
  /** The in-play delay of a market, for the countdown of a held order. */
  betDelayMs: (marketId: string) => number;
  requestLogin: () => void;
  requestDeposit: (shortfall: number) => void;
  /** A held order's delay is over in `ms`: its outcome is asked for then, in case no push brings it. */
  afterHold: (ms: number) => void;
}

const POUNDS = /^\d{1,7}(\.\d{1,2})?$/;

/** Typed decimal odds as hundredths when they are a price on the ladder, else null. */
function ladderPriceOf(text: string): number | null {
  const hundredths = text.trim() === '' ? null : hundredthsOf(Number(text));
  return hundredths !== null && isValidHundredths(hundredths) ? hundredths : null;
}

interface Kept {
  choice: SlipChoice | null;
  amountText: string;
  layInput: 'stake' | 'liability';
  pending: PlaceOrderRequest | null;
  answer: Answer | null;
}

/**
 * One order at a time, as both exchanges' slips: the runner, side and price from a tap on the ladder, a stake (or
 * for a lay the liability it comes to), the figures before placing, then the answer. The order sent is kept until
 * it is answered, so a retry after a lost answer (even after a reload) sends the same order id.
 */
export class SlipStore extends Observable {
  choice: SlipChoice | null = null;
  /** What the customer typed, in pounds: the backer's stake, or for a lay in liability mode the liability. */
  amountText = '';
  layInput: 'stake' | 'liability' = 'stake';
  /** Sent and not yet answered (or its answer lost). */
  pending: PlaceOrderRequest | null = null;
  sending = false;
  answer: Answer | null = null;
  message: string | null = null;
  /** Odds as the customer is typing them; null shows the chosen price. */
  oddsText: string | null = null;

  constructor(private readonly deps: SlipDeps) {
    super();
    this.restore();
  }

  choose(choice: SlipChoice): void {
    if (this.locked) return;
    const keepAmount = this.choice?.side === choice.side;
    this.choice = choice;
    this.oddsText = null;
    if (!keepAmount) this.amountText = '';
    this.answer = null;
    this.message = null;
    this.save();
  }

  clear(): void {
    if (this.locked) return;
    this.choice = null;
    this.oddsText = null;
    this.amountText = '';
    this.answer = null;
    this.message = null;
    this.save();
  }

  setAmountText(text: string): void {
    this.amountText = text;
    this.message = null;
    this.save();
  }

  setLayInput(mode: 'stake' | 'liability'): void {
    if (mode === this.layInput) return;
    const size = this.size;
    this.layInput = mode;
    if (size !== null && this.choice) {
      const pence = mode === 'liability' ? layLiability(size, this.choice.price) : size;
      this.amountText = (pence / 100).toFixed(2);
    }
    this.save();
  }

  tick(direction: 'up' | 'down'): void {
    if (!this.choice || this.locked) return;
    const next = direction === 'up' ? tickUp(this.choice.price) : tickDown(this.choice.price);
    if (next === null) return;
    this.choice = { ...this.choice, price: next };
    this.oddsText = null;
    this.save();
  }

  /** Typed odds, snapped to nothing: off-ladder odds are refused in the contract's words. */
  setPriceText(text: string): boolean {
    if (!this.choice || this.locked) return false;
    this.oddsText = text;
    const hundredths = ladderPriceOf(text);
    if (hundredths === null) {
      this.changed();
      return false;
    }
    this.choice = { ...this.choice, price: hundredths };
    this.save();
    return true;
  }

  /** Leaving the odds field: valid typed odds are shown as the ladder writes them (2.50 as 2.5). */
  settleOdds(): void {
    if (this.oddsText === null || this.oddsInvalid) return;
    this.oddsText = null;
    this.changed();
  }

  /** Typed odds that are not a price on the ladder: nothing is placed until they are. */
  get oddsInvalid(): boolean {
    return this.oddsText !== null && ladderPriceOf(this.oddsText) === null;
  }

  /** The backer's stake in pence, or null while the amount is not a sum of money. */
  get size(): number | null {
    const text = this.amountText.trim();
    if (!this.choice || !POUNDS.test(text)) return null;
    const [pounds, pennies = ''] = text.split('.');
    const amount = Number(pounds) * 100 + Number(pennies.padEnd(2, '0'));
    if (this.choice.side === 'lay' && this.layInput === 'liability') {
      // The largest stake whose liability is within what was typed.
      return this.choice.price > 100 ? floorDiv(amount * 100, this.choice.price - 100) : null;
    }
    return amount;
  }

  /** What the order risks if matched at its price: the stake for a back, ceil(stake x (price - 1)) for a lay. */
  get liability(): number | null {
    const size = this.size;
    if (size === null || !this.choice) return null;
    return this.choice.side === 'back' ? size : layLiability(size, this.choice.price);
  }

  /** What the order wins if matched at its price, before commission. */
  get profit(): number | null {
    const size = this.size;
    if (size === null || !this.choice) return null;
    return this.choice.side === 'back' ? winnings(size, this.choice.price) : size;
  }

  /** Why Place is disabled, in words; null when it can be pressed. */
  get blocker(): string | null {
    if (!this.deps.online()) return 'You are offline. Orders cannot be placed.';
    if (this.pending) return 'Your last order has no answer yet.';
    if (this.sending) return 'Placing your order…';
    if (!this.choice) return 'Tap a price to start an order.';
    if (this.oddsInvalid) return EXCHANGE_REFUSALS.InvalidOdds;
    if (this.size === null) return 'Enter a stake.';
    return null;
  }

  /** The slip cannot change while an order is out: its answer belongs to what was sent. */
  get locked(): boolean {
    return this.sending || this.pending !== null;
  }

  async place(): Promise<void> {
    if (this.blocker || !this.choice) return;
    const size = this.size!;
    const refusal = orderRefusal({ side: this.choice.side, price: decimalOf(this.choice.price), size });
    if (refusal) {
      this.message = EXCHANGE_REFUSALS[refusal];
      this.changed();
      return;
    }
    if (!this.deps.signedIn()) {
      this.deps.requestLogin();
      return;
    }
    this.pending = {
      orderId: this.deps.randomUUID(),
      marketId: this.choice.marketId,
      selectionId: this.choice.selectionId,
      side: this.choice.side,
      price: decimalOf(this.choice.price),
      size,
      persistence: 'lapse',
    };
    this.answer = null;
    this.message = null;
    this.save();
    await this.send();
  }

  /** Sends the kept order again, under the same order id: the exchange answers it as it answered the first. */
  async retry(): Promise<void> {
    if (!this.pending || this.sending || !this.deps.online()) return;
    await this.send();
  }

  /** A pushed or fetched order: the answer shown follows it (a held order matched, a rest filled). */
  onOrder(order: Order): void {
    if (this.answer?.order?.orderId !== order.orderId) return;
    this.answer = answerOf(order);
    this.save();
  }

  /** A new order from the same choice once the answer is read. */
  again(): void {
    this.answer = null;
    this.save();
  }

  private async send(): Promise<void> {
    const request = this.pending!;
    this.sending = true;
    this.changed();
    try {
      const result = await this.deps.orders.place(request);
      this.pending = null;
      if (result.outcome === 'refused') {
        this.answer = { kind: 'refused', message: result.message };
        if (result.code === 'InsufficientFunds') this.requestDeposit(request);
      } else if (result.outcome === 'held') {
        const delay = this.deps.betDelayMs(request.marketId);
        this.answer = { kind: 'held', order: result.order, heldUntil: this.deps.now() + delay };
        this.deps.afterHold(delay);
      } else this.answer = answerOf(result.order);
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0;
      if (status === 0 || status >= 500) this.answer = { kind: 'lost' };
      else {
        // A plain 4xx (a stale session, bad input): nothing was placed, so the order is not kept.
        this.pending = null;
        this.answer = { kind: 'refused', message: (error as Error).message };
      }
    } finally {
      this.sending = false;
      this.save();
    }
  }

  private requestDeposit(request: PlaceOrderRequest): void {
    const hundredths = hundredthsOf(request.price)!;
    const needed = request.side === 'back' ? request.size : layLiability(request.size, hundredths);
    const balance = this.deps.balance();
    this.deps.requestDeposit(Math.max(0, needed - (balance ?? 0)));
  }

  private save(): void {
    const kept: Kept = {
      choice: this.choice,
      amountText: this.amountText,
      layInput: this.layInput,
      pending: this.pending,
      answer: this.answer,
    };
    try {
      this.deps.storage.setItem(SLIP_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or blocked: the slip still works, it just does not survive a reload.
    }
    this.changed();
  }

  private restore(): void {
    try {
      const kept = JSON.parse(this.deps.storage.getItem(SLIP_KEY) ?? 'null') as Kept | null;
      if (!kept) return;
      this.choice = kept.choice;
      this.amountText = kept.amountText ?? '';
      this.layInput = kept.layInput === 'liability' ? 'liability' : 'stake';
      this.pending = kept.pending;
      this.answer = this.pending ? { kind: 'lost' } : kept.answer;
    } catch {
      this.deps.storage.removeItem(SLIP_KEY);
    }
  }
}
