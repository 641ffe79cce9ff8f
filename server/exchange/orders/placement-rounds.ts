import { LiveMarket } from './live-market';

/** Each item's own result: its value or the error that refuses it alone. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<I, R> {
  item: I;
  resolve(value: R): void;
  reject(error: unknown): void;
}

/**
 * One group commit over every market (docs/exchange.md, "Placing orders together"): one round at a time; items that
 * arrive, for any market, while a round runs wait and go together in the next, up to `maxRound`; a lone item goes at
 * once. A round holds the queue of every market its items name (`LiveMarket.runTogether`), so each book keeps its one
 * writer. `flush` answers each item's own result in the order given; should it throw, every item of that round gets
 * the error.
 */
export class PlacementRounds<I extends { market: LiveMarket }, R> {
  private readonly waiting: Array<Waiting<I, R>> = [];
  private running = false;

  constructor(
    private readonly flush: (items: I[]) => Promise<Array<Settled<R>>>,
    private readonly maxRound: number,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.running) return;
      this.running = true;
      // After the current microtasks, so items submitted at the same moment go together.
      queueMicrotask(() => void this.rounds());
    });
  }

  private async rounds(): Promise<void> {
    while (this.waiting.length > 0) {
      const round = this.waiting.splice(0, this.maxRound);
      const markets = [...new Set(round.map((waiting) => waiting.item.market))];
      let results: Array<Settled<R>>;
      try {
        results = await LiveMarket.runTogether(markets, () => this.flush(round.map((waiting) => waiting.item)));
      } catch (error) {
        for (const waiting of round) waiting.reject(error);
        continue;
      }
      round.forEach((waiting, index) => {
        const result = results[index]!;
        if (result.ok) waiting.resolve(result.value);
        else waiting.reject(result.error);
      });
    }
    this.running = false;
  }
}
