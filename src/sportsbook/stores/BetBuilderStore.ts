import { Observable } from '../../ui/frame/Observable';
import type { BetBuilderQuote } from '../../contract/sportsbook-rules';
import type { PlacementRefusalBody } from '../../contract/sportsbook';

export interface BetBuilderApi {
  quoteBetBuilder(selectionIds: string[]): Promise<{ quote: BetBuilderQuote } | { refusal: PlacementRefusalBody }>;
}

/**
 * The Bet Builder of one match page: one pick per market, and the server's price for them together (asked again
 * whenever the picks or the match's prices change; an answer to an older question is dropped).
 */
export class BetBuilderStore extends Observable {
  /** Selection id by market id, in the order picked. */
  picks = new Map<string, string>();
  quote: BetBuilderQuote | null = null;
  /** Why there is no price: impossible together, not buildable, closed, or no answer. */
  message: string | null = null;
  quoting = false;
  private asked = 0;

  constructor(private readonly api: BetBuilderApi) {
    super();
  }

  has(selectionId: string): boolean {
    return [...this.picks.values()].includes(selectionId);
  }

  get selectionIds(): string[] {
    return [...this.picks.values()];
  }

  /** Picks a selection (replacing another from its market), or drops it if picked already. */
  toggle(marketId: string, selectionId: string): void {
    if (this.picks.get(marketId) === selectionId) this.picks.delete(marketId);
    else this.picks.set(marketId, selectionId);
    this.picks = new Map(this.picks);
    void this.requote();
  }

  clear(): void {
    this.picks = new Map();
    void this.requote();
  }

  async requote(): Promise<void> {
    const asked = ++this.asked;
    const selectionIds = this.selectionIds;
    if (selectionIds.length < 2) {
      Object.assign(this, { quote: null, message: null, quoting: false });
      return this.changed();
    }
    this.quoting = true;
    this.changed();
    let answer: Awaited<ReturnType<BetBuilderApi['quoteBetBuilder']>> | Error;
    try {
      answer = await this.api.quoteBetBuilder(selectionIds);
    } catch (error) {
      answer = error instanceof Error ? error : new Error('We could not price your Bet Builder. Please try again.');
    }
    if (asked !== this.asked) return;
    if (answer instanceof Error) Object.assign(this, { quote: null, message: answer.message });
    else if ('quote' in answer) Object.assign(this, { quote: answer.quote, message: null });
    else Object.assign(this, { quote: null, message: answer.refusal.message });
    this.quoting = false;
    this.changed();
  }
}
