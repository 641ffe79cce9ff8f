import type { EventDetail, Market as SportsbookMarket } from '../../../src/contract/sportsbook-rules';
import type { FinalScore } from '../markets/market-types';

/** A law of the final score: each score with its chance, the chances adding up to 1. */
export type ScoreChances = ReadonlyArray<{ score: FinalScore; chance: number }>;

/** Where the market maker learns what each final score is worth. */
export interface FairPriceSource {
  /** The law of the match's final score now, or undefined while it cannot be priced (suspended, unknown). */
  scoreChances(eventId: string): Promise<ScoreChances | undefined>;
}

/** The sportsbook's "Any other ..." scores stand for one score each: a side on five, the other on one. */
const OTHER_SCORES: Record<string, FinalScore> = {
  'any other home win': { home: 5, away: 1 },
  'any other away win': { home: 1, away: 5 },
  'any other draw': { home: 5, away: 5 },
};

/**
 * The law of the final score read from the sportsbook's published Correct Score prices (its score model, with the
 * margin taken out by scaling the implied chances to add up to 1). A decided score has no price, so no chance.
 */
export function scoreChancesOf(market: SportsbookMarket): ScoreChances | undefined {
  if (market.type !== 'correct-score' || market.status !== 'open') return undefined;
  const implied: Array<{ score: FinalScore; chance: number }> = [];
  for (const selection of market.selections) {
    const goals = /^(\d+)-(\d+)$/.exec(selection.name.trim());
    const score = goals
      ? { home: Number(goals[1]), away: Number(goals[2]) }
      : OTHER_SCORES[selection.name.trim().toLowerCase()];
    if (!score) return undefined;
    if (!selection.price || selection.status !== 'open') continue;
    implied.push({ score, chance: selection.price.den / (selection.price.num + selection.price.den) });
  }
  const total = implied.reduce((sum, entry) => sum + entry.chance, 0);
  if (!(total > 0)) return undefined;
  return implied.map(({ score, chance }) => ({ score, chance: chance / total }));
}

/** The sportsbook's published event (GET /api/events/:eventId on its origin), server to server. */
export class SportsbookFairPrices implements FairPriceSource {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async scoreChances(eventId: string): Promise<ScoreChances | undefined> {
    const response = await fetch(`${this.baseUrl}/api/events/${encodeURIComponent(eventId)}`, {
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`The sportsbook's event answered HTTP ${response.status}`);
    const event = (await response.json()) as EventDetail;
    if (event.suspended || !Array.isArray(event.markets)) return undefined;
    const market = event.markets.find((candidate) => candidate.type === 'correct-score');
    return market ? scoreChancesOf(market) : undefined;
  }
}
