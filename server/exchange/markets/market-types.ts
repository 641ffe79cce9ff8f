/** A final score, home first. */
export interface FinalScore {
  home: number;
  away: number;
}

export interface MarketType {
  key: string;
  name: string;
  /** Runner keys in display order, with their names for a match of `home` v `away`. */
  runners(home: string, away: string): ReadonlyArray<{ key: string; name: string }>;
  /** The key of the one runner that wins at this final score. */
  winner(score: FinalScore): string;
}

const matchOdds: MarketType = {
  key: 'match-odds',
  name: 'Match Odds',
  runners: (home, away) => [
    { key: 'home', name: home },
    { key: 'draw', name: 'The Draw' },
    { key: 'away', name: away },
  ],
  winner: ({ home, away }) => (home > away ? 'home' : home < away ? 'away' : 'draw'),
};

function overUnder(line: '0.5' | '1.5' | '2.5' | '3.5'): MarketType {
  const goals = Number(line);
  return {
    key: `over-under-${line}`,
    name: `Over/Under ${line} Goals`,
    runners: () => [
      { key: 'under', name: `Under ${line} Goals` },
      { key: 'over', name: `Over ${line} Goals` },
    ],
    winner: ({ home, away }) => (home + away > goals ? 'over' : 'under'),
  };
}

const bothTeamsToScore: MarketType = {
  key: 'both-teams-to-score',
  name: 'Both Teams to Score?',
  runners: () => [
    { key: 'yes', name: 'Yes' },
    { key: 'no', name: 'No' },
  ],
  winner: ({ home, away }) => (home > 0 && away > 0 ? 'yes' : 'no'),
};

/** Betfair's Correct Score: every score up to 3-3, and one "Any Other" runner each for home win, away win and draw. */
const CORRECT_SCORE_MAX = 3;
const correctScore: MarketType = {
  key: 'correct-score',
  name: 'Correct Score',
  runners: () => {
    const runners: Array<{ key: string; name: string }> = [];
    for (let home = 0; home <= CORRECT_SCORE_MAX; home++)
      for (let away = 0; away <= CORRECT_SCORE_MAX; away++)
        runners.push({ key: `${home}-${away}`, name: `${home} - ${away}` });
    runners.push(
      { key: 'any-other-home', name: 'Any Other Home Win' },
      { key: 'any-other-away', name: 'Any Other Away Win' },
      { key: 'any-other-draw', name: 'Any Other Draw' },
    );
    return runners;
  },
  winner: ({ home, away }) => {
    if (home <= CORRECT_SCORE_MAX && away <= CORRECT_SCORE_MAX) return `${home}-${away}`;
    return home > away ? 'any-other-home' : home < away ? 'any-other-away' : 'any-other-draw';
  },
};

/** Every market the exchange offers on a match, in display order. */
export const EXCHANGE_MARKET_TYPES: readonly MarketType[] = [
  matchOdds,
  overUnder('0.5'),
  overUnder('1.5'),
  overUnder('2.5'),
  overUnder('3.5'),
  bothTeamsToScore,
  correctScore,
];

export const marketTypeOf = (key: string): MarketType | undefined =>
  EXCHANGE_MARKET_TYPES.find((type) => type.key === key);
