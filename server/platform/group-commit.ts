export interface GroupCommitOptions {
  /** Most items one flush takes. */
  maxBatch: number;
  /** Flushes in flight at once (1: the classic group commit). */
  inFlight?: number;
}

interface Waiting<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Group commit: items are queued and flushed in batches, each caller getting its own result (or error). A lone
 * item is flushed at once (after the current microtasks, so items submitted at the same moment go together); while
 * `inFlight` flushes are running, arrivals wait and go together in the next flush, up to `maxBatch` of them. So a
 * quiet system pays no added delay, and a busy one pays one statement (or call) per batch instead of per item.
 *
 * `flush` answers each item's result in the order given. A flush that throws (or answers the wrong number of
 * results) is run again item by item, so only the item that fails alone gets the error: the innocent ones of its
 * batch are not failed with it. A flush must therefore leave nothing done when it throws (one statement, one
 * transaction, or a call that is safe to repeat).
 */
export class GroupCommit<I, R> {
  private readonly queue: Array<Waiting<I, R>> = [];
  private running = 0;
  private scheduled = false;
  private readonly inFlight: number;

  constructor(
    private readonly flush: (items: I[]) => Promise<readonly R[]>,
    private readonly options: GroupCommitOptions,
  ) {
    this.inFlight = Math.max(1, options.inFlight ?? 1);
  }

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running < this.inFlight && !this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.next();
        });
      }
    });
  }

  private next(): void {
    while (this.running < this.inFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.next();
      });
    }
  }

  private async run(batch: Array<Waiting<I, R>>): Promise<void> {
    let results: readonly R[];
    try {
      results = await this.flush(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length)
        throw new Error(`a flush of ${batch.length} items answered ${results.length} results`);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch) await this.run([waiting]);
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index]!));
  }
}

/** Group commits side by side, one per key: only items of one key are flushed together (rows of one shape, answers of one kind). */
export class KeyedGroupCommit<I, R> {
  private readonly groups = new Map<string, GroupCommit<I, R>>();

  constructor(
    private readonly flush: (items: I[]) => Promise<readonly R[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(key: string, item: I): Promise<R> {
    let group = this.groups.get(key);
    if (!group) {
      group = new GroupCommit(this.flush, this.options);
      this.groups.set(key, group);
    }
    return group.submit(item);
  }
}
