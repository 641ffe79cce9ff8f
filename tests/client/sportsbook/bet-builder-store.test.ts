import { describe, expect, it, vi } from 'vitest';
import { BetBuilderStore, type BetBuilderApi } from '../../../src/sportsbook/stores/BetBuilderStore';
import { ApiError, NO_ANSWER } from '../../../src/sportsbook/services/api';
import type { BetBuilderQuote } from '../../../src/contract/sportsbook-rules';

const quoteOf = (selectionIds: string[], num: number): { quote: BetBuilderQuote } => ({
  quote: { eventId: 'ev-1', selectionIds, price: { num, den: 1 } },
});

/** An api whose answers the test releases one by one, in any order. */
type Answer = Awaited<ReturnType<BetBuilderApi['quoteBetBuilder']>>;

function deferredApi() {
  const pending: Array<{ selectionIds: string[]; answer: (value: Answer) => void; fail: (error: Error) => void }> = [];
  const api: BetBuilderApi = {
    quoteBetBuilder: vi.fn(
      (selectionIds: string[]) =>
        new Promise<Answer>((resolve, reject) => {
          pending.push({ selectionIds, answer: resolve, fail: reject });
        }),
    ),
  };
  return { api, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Bet Builder picks and price', () => {
  it('asks for a price only from two picks, one per market: a second pick in a market replaces the first, a second press drops it', async () => {
    const { api, pending } = deferredApi();
    const builder = new BetBuilderStore(api);
    builder.toggle('m-result', 'm-result~home');
    expect(api.quoteBetBuilder).not.toHaveBeenCalled();
    builder.toggle('m-result', 'm-result~draw');
    expect(builder.selectionIds).toEqual(['m-result~draw']);
    builder.toggle('m-goals', 'm-goals~over');
    expect(api.quoteBetBuilder).toHaveBeenLastCalledWith(['m-result~draw', 'm-goals~over']);
    expect(builder.quoting).toBe(true);
    pending[0]!.answer(quoteOf(['m-result~draw', 'm-goals~over'], 6));
    await flush();
    expect(builder).toMatchObject({ quoting: false, message: null, quote: { price: { num: 6, den: 1 } } });
    builder.toggle('m-goals', 'm-goals~over');
    expect(builder.selectionIds).toEqual(['m-result~draw']);
    expect(builder.quote).toBeNull();
    expect(builder.has('m-goals~over')).toBe(false);
  });

  it("drops an answer to an older question, and shows a refusal in the server's words", async () => {
    const { api, pending } = deferredApi();
    const builder = new BetBuilderStore(api);
    builder.toggle('m-score', 'm-score~0-0');
    builder.toggle('m-btts', 'm-btts~no');
    builder.toggle('m-btts', 'm-btts~yes');
    expect(pending).toHaveLength(2);
    pending[1]!.answer({
      refusal: { code: 'ImpossibleCombination', message: 'These selections cannot all win together.' },
    });
    await flush();
    pending[0]!.answer(quoteOf(['m-score~0-0', 'm-btts~no'], 9));
    await flush();
    expect(builder.quote).toBeNull();
    expect(builder.message).toBe('These selections cannot all win together.');
  });

  it('says when the sportsbook could not be reached, and clears everything on Clear', async () => {
    const { api, pending } = deferredApi();
    const builder = new BetBuilderStore(api);
    builder.toggle('m-result', 'm-result~home');
    builder.toggle('m-goals', 'm-goals~under');
    pending[0]!.fail(new ApiError(0, NO_ANSWER));
    await flush();
    expect(builder).toMatchObject({ quote: null, message: NO_ANSWER, quoting: false });
    builder.clear();
    expect(builder).toMatchObject({ quote: null, message: null, selectionIds: [] });
  });
});
