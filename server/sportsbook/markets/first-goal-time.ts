import { checkedKey, partitionChances, won, type MarketRule } from './market-rule';
import { decidedByFirstGoal, knownGoals, minuteNow, shareAfter } from './first-goal';

/** The bands of the first goal's minute, (after, through]; first-half stoppage time counts as the 45th minute, second-half as the 90th. */
const FIRST_GOAL_BANDS: ReadonlyArray<{ after: number; through: number }> = [
  { after: 0, through: 15 },
  { after: 15, through: 30 },
  { after: 30, through: 45 },
  { after: 45, through: 60 },
  { after: 60, through: 75 },
  { after: 75, through: 90 },
];
const NO_GOAL = 'no-goal';
const bandKey = (band: { after: number; through: number }) => `${band.after + 1}-${band.through}`;

/**
 * Goal minutes: "the minute band of the first goal ... If no goal is scored, bets on 'no goal' win and bets on
 * minute bands lose." Priced from the total goals still to come: given n of them, their times are n independent
 * draws from the model's scoring shape over the time left (the Dixon-Coles correction weighs only the final
 * score), so the first comes after minute x with chance (share after x / share left)^n. Decided by the first goal;
 * settled on the goal times of the result, void without them.
 */
export const firstGoalTime: MarketRule = {
  specs: () => [
    {
      key: 'first-goal-time',
      type: 'first-goal-time',
      line: null,
      name: 'Time of First Goal',
      selections: [
        ...FIRST_GOAL_BANDS.map((band) => ({ key: bandKey(band), name: `${bandKey(band)} mins` })),
        { key: NO_GOAL, name: 'No Goal' },
      ],
    },
  ],
  chances: (spec, { totalGoals }, state) => {
    if (totalGoals.lowest > 0) return decidedByFirstGoal(spec.selections.length);
    const wins = new Array<number>(FIRST_GOAL_BANDS.length + 1).fill(0);
    const now = minuteNow(state);
    const left = shareAfter(now);
    const { mass } = totalGoals;
    wins[FIRST_GOAL_BANDS.length] = mass[0]!;
    if (left > 0) {
      FIRST_GOAL_BANDS.forEach(({ after, through }, band) => {
        if (through <= now) return;
        const noneByStart = shareAfter(Math.max(after, now)) / left;
        const noneByEnd = shareAfter(through) / left;
        let start = 1;
        let end = 1;
        for (let goals = 1; goals < mass.length; goals++) {
          start *= noneByStart;
          end *= noneByEnd;
          wins[band]! += mass[goals]! * (start - end);
        }
      });
    }
    return partitionChances(wins);
  },
  settle: (spec, key, result) => {
    checkedKey(spec, key);
    const goals = knownGoals(result);
    if (!goals) return 'void';
    if (goals.length === 0) return won(key === NO_GOAL);
    const minute = goals[0]!.minute;
    const band = FIRST_GOAL_BANDS.find(({ after, through }) => minute > after && minute <= through)!;
    return won(bandKey(band) === key);
  },
};
