import { describe, expect, it } from 'vitest';
import { GroupCommit, KeyedGroupCommit } from '../../server/platform/group-commit';

/** A flush the test finishes by hand: every call is recorded, and each waits until the test answers it. */
function controllableFlush<I>(answer: (item: I) => string = (item) => `done ${String(item)}`) {
  const calls: Array<{ items: I[]; finish(): void; fail(error: Error): void }> = [];
  const flush = (items: I[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        items,
        finish: () => {
          if (items.some((item) => String(item).startsWith('bad')))
            reject(new Error(`flush failed on ${items.join(',')}`));
          else resolve(items.map(answer));
        },
        fail: reject,
      });
    });
  return { calls, flush };
}

/** Lets every queued microtask and promise continuation run (no timer involved). */
const settle = async () => {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
};

const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: Error) => ({ error: error.message }),
  );

describe('group commit', () => {
  it('flushes a lone item at once, without waiting for company', async () => {
    const { calls, flush } = controllableFlush<string>();
    const group = new GroupCommit(flush, { maxBatch: 10 });
    const result = group.submit('a');
    await settle();
    expect(calls.map((call) => call.items)).toEqual([['a']]);
    calls[0]!.finish();
    expect(await result).toBe('done a');
  });

  it('sends items submitted at the same moment together, and each caller gets its own result in order', async () => {
    const { calls, flush } = controllableFlush<string>();
    const group = new GroupCommit(flush, { maxBatch: 10 });
    const results = ['a', 'b', 'c'].map((item) => group.submit(item));
    await settle();
    expect(calls.map((call) => call.items)).toEqual([['a', 'b', 'c']]);
    calls[0]!.finish();
    expect(await Promise.all(results)).toEqual(['done a', 'done b', 'done c']);
  });

  it('queues arrivals while a flush is in flight and sends them together in the next, capped at maxBatch', async () => {
    const { calls, flush } = controllableFlush<string>();
    const group = new GroupCommit(flush, { maxBatch: 2 });
    const first = group.submit('a');
    await settle();
    const later = ['b', 'c', 'd'].map((item) => group.submit(item));
    await settle();
    // One flush in flight: nothing else goes until it ends.
    expect(calls.map((call) => call.items)).toEqual([['a']]);
    calls[0]!.finish();
    await settle();
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c']]);
    calls[1]!.finish();
    await settle();
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c'], ['d']]);
    calls[2]!.finish();
    expect(await first).toBe('done a');
    expect(await Promise.all(later)).toEqual(['done b', 'done c', 'done d']);
  });

  it('runs up to inFlight flushes side by side', async () => {
    const { calls, flush } = controllableFlush<string>();
    const group = new GroupCommit(flush, { maxBatch: 10, inFlight: 2 });
    const a = group.submit('a');
    await settle();
    const b = group.submit('b');
    await settle();
    const c = group.submit('c');
    const d = group.submit('d');
    await settle();
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b']]);
    calls[1]!.finish();
    await settle();
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b'], ['c', 'd']]);
    calls[0]!.finish();
    calls[2]!.finish();
    expect(await Promise.all([a, b, c, d])).toEqual(['done a', 'done b', 'done c', 'done d']);
  });

  it('a failed flush is run again item by item: only the bad item gets the error, the innocent ones their results', async () => {
    const { calls, flush } = controllableFlush<string>();
    const group = new GroupCommit(flush, { maxBatch: 10 });
    const results = ['a', 'bad-b', 'c'].map((item) => outcome(group.submit(item)));
    await settle();
    calls[0]!.finish();
    // Each alone, one at a time (still one flush in flight).
    for (const index of [0, 1, 2]) {
      await settle();
      expect(calls.map((call) => call.items)).toEqual([
        ['a', 'bad-b', 'c'],
        ...['a', 'bad-b', 'c'].slice(0, index + 1).map((alone) => [alone]),
      ]);
      calls.at(-1)!.finish();
    }
    expect(await Promise.all(results)).toEqual([
      { value: 'done a' },
      { error: 'flush failed on bad-b' },
      { value: 'done c' },
    ]);
    // The queue goes on after a failure.
    const after = group.submit('e');
    await settle();
    calls.at(-1)!.finish();
    expect(await after).toBe('done e');
  });

  it('keyed: items of one key go together, items of another key in a flush of their own', async () => {
    const { calls, flush } = controllableFlush<string>();
    const group = new KeyedGroupCommit(flush, { maxBatch: 10 });
    const results = [group.submit('x', 'x1'), group.submit('y', 'y1'), group.submit('x', 'x2')];
    await settle();
    expect(calls.map((call) => call.items)).toEqual([['x1', 'x2'], ['y1']]);
    for (const call of calls) call.finish();
    expect(await Promise.all(results)).toEqual(['done x1', 'done y1', 'done x2']);
  });

  it('a flush answering the wrong number of results is not trusted: each item is flushed alone', async () => {
    let flushes = 0;
    const group = new GroupCommit(
      async (items: string[]) => {
        flushes++;
        return items.length > 1 ? ['only one'] : items.map((item) => `alone ${item}`);
      },
      { maxBatch: 10 },
    );
    expect(await Promise.all([group.submit('a'), group.submit('b')])).toEqual(['alone a', 'alone b']);
    expect(flushes).toBe(3);
  });
});
