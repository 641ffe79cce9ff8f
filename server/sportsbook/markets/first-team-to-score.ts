import { checkedKey, partitionChances, won, type MarketRule } from './market-rule';
import { decidedByFirstGoal, knownGoals } from './first-goal';

const KEYS = ['home', 'away', 'no-goal'] as const;

/**
 * First team to score (a prop: "the first team to score"), own goals counting for the side credited. Priced from
 * the full-time score: the two sides' goals come at rates with the same shape over the match (the model's 45/55
 * half split), so given the goals still to come, i home and j away in any order, the first of them is the home
 * side's with chance i / (i + j); the Dixon-Coles correction weighs only the final score, so this holds exactly.
 * Decided by the first goal; settled on the goal times of the result, void without them.
 */
export const firstTeamToScore: MarketRule = {
  specs: (teams) => [
    {
      key: 'first-team-to-score',
      type: 'first-team-to-score',
      line: null,
      name: 'First Team To Score',
      selections: [
        { key: 'home', name: teams.home },
        { key: 'away', name: teams.away },
        { key: 'no-goal', name: 'No Goal' },
      ],
    },
  ],
  chances: (spec, { fullTime: grid }) => {
    if (grid.home + grid.away > 0) return decidedByFirstGoal(spec.selections.length);
    const wins = [0, 0, 0];
    for (let i = 0; i < grid.size; i++) {
      for (let j = 0; j < grid.size; j++) {
        const mass = grid.mass[i * grid.size + j]!;
        if (i + j === 0) wins[2]! += mass;
        else {
          wins[0]! += (mass * i) / (i + j);
          wins[1]! += (mass * j) / (i + j);
        }
      }
    }
    return partitionChances(wins);
  },
  settle: (spec, key, result) => {
    checkedKey(spec, key);
    const goals = knownGoals(result);
    if (!goals) return 'void';
    return won(KEYS[goals.length === 0 ? 2 : goals[0]!.side === 'home' ? 0 : 1] === key);
  },
};
