import type { LiveMarket } from './live-market';

/** Each item's own result: its value or the error that refuses it alone. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<I, R> {
  item: I;
  resolve(value: R): void;
  reject(error: unknown): void;
}

/**
 * A group commit per market (docs/exchange.md, "Placing orders together"): items that arrive while the market's
 * queue is busy wait and go through it together as one task, up to `maxBatch`; a lone item goes at once. `flush`
 * answers each item's own result in the order given; should it throw, every item of that batch gets the error.
 */
export class MarketBatches<I, R> {
  private readonly waiting = new Map<LiveMarket, Array<Waiting<I, R>>>();

  constructor(
    private readonly flush: (market: LiveMarket, items: I[]) => Promise<Array<Settled<R>>>,
    private readonly maxBatch: number,
  ) {}

  submit(market: LiveMarket, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(market);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      this.waiting.set(market, [{ item, resolve, reject }]);
      this.schedule(market);
    });
  }

  /** One task in the market's queue takes what waits when it starts; what arrives after waits for the next. */
  private schedule(market: LiveMarket): void {
    void market.run(async () => {
      const queue = this.waiting.get(market) ?? [];
      const batch = queue.splice(0, this.maxBatch);
      if (queue.length === 0) this.waiting.delete(market);
      else this.schedule(market);
      let results: Array<Settled<R>>;
      try {
        results = await this.flush(
          market,
          batch.map((waiting) => waiting.item),
        );
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      batch.forEach((waiting, index) => {
        const result = results[index]!;
        if (result.ok) waiting.resolve(result.value);
        else waiting.reject(result.error);
      });
    });
  }
}
