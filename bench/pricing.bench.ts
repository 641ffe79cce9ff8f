/**
 * Pricing one event's whole catalogue (45 markets, 138 selections) from the score model, as the feed does for
 * every live match each simulated minute: before kick-off, and across both halves with goals in.
 * Target: under 1 ms per event, so a few dozen events re-price well inside one tick.
 */
import { marketCatalogue, priceEvent } from '../server/sportsbook/markets';
import { priceBetBuilder } from '../server/sportsbook/markets/bet-builder';
import { matchRates } from '../server/sportsbook/pricing/match-rates';
import type { MatchState } from '../server/sportsbook/pricing/types';

const TARGET_MS = 1;
const SECONDS = 3;

export default async function run(): Promise<void> {
  const catalogue = marketCatalogue('Rovers', 'United');
  const rates = matchRates({ attack: 1.15, defence: 0.9 }, { attack: 0.95, defence: 1.05 }, { homeGoals: 1.55, awayGoals: 1.2, rho: -0.12 });
  const states: MatchState[] = [{ phase: 'pre-match', minute: 0, score: { home: 0, away: 0 }, halfTimeScore: null }];
  for (let minute = 0; minute < 45; minute++) states.push({ phase: 'first-half', minute, score: { home: minute > 20 ? 1 : 0, away: 0 }, halfTimeScore: null });
  for (let minute = 45; minute < 90; minute++) states.push({ phase: 'second-half', minute, score: { home: 1, away: minute > 70 ? 1 : 0 }, halfTimeScore: { home: 1, away: 0 } });

  for (let warm = 0; warm < 2_000; warm++) priceEvent(rates, states[warm % states.length]!, catalogue);
  const selections = catalogue.reduce((sum, spec) => sum + spec.selections.length, 0);
  for (const [label, pick] of [
    ['before kick-off', () => states[0]!],
    ['in play (both halves)', (n: number) => states[1 + (n % (states.length - 1))]!],
  ] as const) {
    let events = 0;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    while (performance.now() < deadline) {
      for (let batch = 0; batch < 100; batch++) priceEvent(rates, pick(events++), catalogue);
    }
    const perEventMs = (performance.now() - started) / events;
    console.log(
      `${label.padEnd(24)} ${(perEventMs * 1000).toFixed(1).padStart(7)} µs per event (${catalogue.length} markets, ${selections} selections), ` +
        `${Math.round(1000 / perEventMs).toLocaleString('en-GB')} events/s; target < ${TARGET_MS} ms ${perEventMs < TARGET_MS ? 'MET' : 'NOT MET'}`,
    );
  }

  // A Bet Builder quote (POST /api/bet-builder/quote): four legs summed over the joint half-time/full-time law.
  const leg = (key: string, selectionKey: string) => ({ spec: catalogue.find((spec) => spec.key === key)!, selectionKey });
  const legs = [leg('match-result', 'home'), leg('total-goals:2.5', 'over'), leg('both-teams-to-score', 'yes'), leg('first-half-result', 'home')];
  for (const [label, state] of [['Bet Builder, before kick-off', states[0]!], ['Bet Builder, in play', states[30]!]] as const) {
    let quotes = 0;
    const started = performance.now();
    while (performance.now() - started < SECONDS * 1000) {
      priceBetBuilder(rates, state, legs);
      quotes++;
    }
    const perQuoteMs = (performance.now() - started) / quotes;
    console.log(`${label.padEnd(28)} ${perQuoteMs.toFixed(2).padStart(6)} ms per 4-leg quote, ${Math.round(1000 / perQuoteMs).toLocaleString('en-GB')} quotes/s`);
  }
}
