/**
 * Pricing one event's whole catalogue (45 markets, 138 selections) from the score model, as the feed does for
 * every live match each simulated minute: before kick-off, and across both halves with goals in.
 * Target: under 1 ms per event, so a few dozen events re-price well inside one tick.
 * And a league's outright from 10,000 simulated seasons (the biggest league, 16 clubs, at its start: 240 matches
 * left), as the feed's leader does after each settled match: target under 500 ms of CPU, so four leagues re-priced
 * in one tick do not stall the feed.
 */
import { marketCatalogue, priceEvent } from '../server/sportsbook/markets';
import { priceBetBuilder } from '../server/sportsbook/markets/bet-builder';
import { matchRates } from '../server/sportsbook/pricing/match-rates';
import type { MatchState } from '../server/sportsbook/pricing/types';
import { OUTRIGHT_RUNS, simulateOutright } from '../server/sportsbook/pricing/outright';
import { doubleRoundRobin } from '../server/sportsbook/outrights/season';
import { LEAGUES, teamId } from '../server/sportsbook/feed/leagues';

const TARGET_MS = 1;
const SECONDS = 3;

export default async function run(): Promise<void> {
  const catalogue = marketCatalogue('Rovers', 'United');
  const rates = matchRates(
    { attack: 1.15, defence: 0.9 },
    { attack: 0.95, defence: 1.05 },
    { homeGoals: 1.55, awayGoals: 1.2, rho: -0.12 },
  );
  const states: MatchState[] = [{ phase: 'pre-match', minute: 0, score: { home: 0, away: 0 }, halfTimeScore: null }];
  for (let minute = 0; minute < 45; minute++)
    states.push({ phase: 'first-half', minute, score: { home: minute > 20 ? 1 : 0, away: 0 }, halfTimeScore: null });
  for (let minute = 45; minute < 90; minute++)
    states.push({
      phase: 'second-half',
      minute,
      score: { home: 1, away: minute > 70 ? 1 : 0 },
      halfTimeScore: { home: 1, away: 0 },
    });

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
  const leg = (key: string, selectionKey: string) => ({
    spec: catalogue.find((spec) => spec.key === key)!,
    selectionKey,
  });
  const legs = [
    leg('match-result', 'home'),
    leg('total-goals:2.5', 'over'),
    leg('both-teams-to-score', 'yes'),
    leg('first-half-result', 'home'),
  ];
  for (const [label, state] of [
    ['Bet Builder, before kick-off', states[0]!],
    ['Bet Builder, in play', states[30]!],
  ] as const) {
    let quotes = 0;
    const started = performance.now();
    while (performance.now() - started < SECONDS * 1000) {
      priceBetBuilder(rates, state, legs);
      quotes++;
    }
    const perQuoteMs = (performance.now() - started) / quotes;
    console.log(
      `${label.padEnd(28)} ${perQuoteMs.toFixed(2).padStart(6)} ms per 4-leg quote, ${Math.round(1000 / perQuoteMs).toLocaleString('en-GB')} quotes/s`,
    );
  }

  outrightBench();
}

const OUTRIGHT_TARGET_CPU_MS = 500;

function outrightBench(): void {
  const league = LEAGUES[0]!;
  const teams = league.teams.map(([name, attack, defence]) => ({ id: teamId(league.id, name), attack, defence }));
  const byId = new Map(teams.map((team) => [team.id, team]));
  const fixtures = doubleRoundRobin(teams.map((team) => team.id));
  const standings = teams.map((team) => ({ teamId: team.id, points: 0, goalsFor: 0, goalsAgainst: 0 }));
  for (const [label, played] of [
    ['outright, season start', 0],
    ['outright, half way', fixtures.length / 2],
  ] as const) {
    const remaining = fixtures.slice(played).map((fixture) => ({
      home: fixture.home,
      away: fixture.away,
      rates: matchRates(byId.get(fixture.home)!, byId.get(fixture.away)!, league),
    }));
    simulateOutright({ standings, remaining, runs: 500, seed: 1, points: { win: 3, draw: 1 } });
    const rounds = 5;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let round = 0; round < rounds; round++)
      simulateOutright({ standings, remaining, runs: OUTRIGHT_RUNS, seed: round, points: { win: 3, draw: 1 } });
    const wallMs = (performance.now() - started) / rounds;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / rounds;
    console.log(
      `${label.padEnd(28)} ${wallMs.toFixed(0).padStart(6)} ms wall, ${cpuMs.toFixed(0)} ms CPU per pricing (${OUTRIGHT_RUNS.toLocaleString('en-GB')} seasons, ${remaining.length} matches left, ${teams.length} clubs); ` +
        `target < ${OUTRIGHT_TARGET_CPU_MS} ms CPU ${cpuMs < OUTRIGHT_TARGET_CPU_MS ? 'MET' : 'NOT MET'}`,
    );
  }
}
