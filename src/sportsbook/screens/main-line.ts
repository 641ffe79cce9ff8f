import type { Market, Price } from '../../contract/sportsbook-rules';

const chance = (price: Price) => price.den / (price.num + price.den);

/** How far a line is from an even contest: the gap between the home and the away side's chances by their prices. */
function imbalance(market: Market): number | null {
  const home = market.selections[0]?.price;
  const away = market.selections.at(-1)?.price;
  if (!home || !away || market.status === 'closed') return null;
  return Math.abs(chance(home) - chance(away));
}

/**
 * A handicap's main line, listed first as UK bookmakers do: the priced line nearest an even contest (home and away
 * closest in price), the smaller handicap on a tie; the first listed when no line has both sides priced.
 */
export function mainLineOf(markets: Market[]): Market | null {
  let best: { market: Market; gap: number } | null = null;
  for (const market of markets) {
    const gap = imbalance(market);
    if (gap === null) continue;
    const closer =
      !best ||
      gap < best.gap - 1e-9 ||
      (Math.abs(gap - best.gap) <= 1e-9 && Math.abs(market.line ?? 0) < Math.abs(best.market.line ?? 0));
    if (closer) best = { market, gap };
  }
  return best?.market ?? markets[0] ?? null;
}

/** A decided line (Over 0.5 after a goal) is no longer offered: left out rather than shown as dead buttons. */
export const isDecidedLine = (market: Market) =>
  market.status === 'closed' ||
  market.selections.every((selection) => selection.status === 'closed' || !selection.price);

/**
 * A handicap button's words under its team's column: the line alone ("-0.5" of "Rovers -0.5"), the draw's in
 * brackets ("(-1)" of "Draw (Rovers -1)"), so the team name is read once, in the column head, and never cut.
 */
export function handicapLabel(selectionName: string, team: string | null): string {
  if (team && selectionName.startsWith(`${team} `)) return selectionName.slice(team.length + 1);
  const draw = /^Draw \(.* ([+-]?\d+(?:\.\d+)?)\)$/.exec(selectionName);
  return draw ? `(${draw[1]})` : selectionName;
}
