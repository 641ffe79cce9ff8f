import { expect, it, vi } from 'vitest';

/**
 * The host's first script is evaluated before its first render, in one task. A date formatter made there cost that task
 * about 10 ms on a cold page, ICU loading its data (docs/benchmarks.md, "The host's start and its largest paint").
 */
it("evaluating the first load's modules makes no date formatter: each is made when first used", async () => {
  const made = vi.spyOn(Intl, 'DateTimeFormat');
  await import('../../src/app/App');
  await import('../../src/stores/RootStore');
  expect(made).not.toHaveBeenCalled();
});
