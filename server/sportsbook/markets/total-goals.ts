import { againstLine, lineOf, totalGoalsRule, type MarketRule } from './market-rule';

/** Lines 0.5 to 4.5 in halves: the whole lines are where "the total is exactly equal to the line" can void. */
const TOTAL_GOALS_LINES = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5] as const;

/** Over/under: "If the total is exactly equal to the line, the bet is void." Own goals count. */
export const totalGoals: MarketRule = totalGoalsRule(
  () =>
    TOTAL_GOALS_LINES.map((line) => ({
      key: `total-goals:${line}`,
      type: 'total-goals' as const,
      line,
      name: `Total Goals Over/Under ${line.toFixed(1)}`,
      selections: [
        { key: 'over', name: `Over ${line.toFixed(1)}` },
        { key: 'under', name: `Under ${line.toFixed(1)}` },
      ],
    })),
  (spec, key, total) => againstLine(key === 'over' ? total - lineOf(spec) : lineOf(spec) - total),
);
