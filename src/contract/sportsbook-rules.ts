/**
 * The sportsbook's constants and the shapes its frame uses, free of zod so the frame's first paint stays small
 * (the frame imports only this file and types; the server validates with the schemas in ./sportsbook.ts).
 */

/**
 * The system bets a coupon may be (their lines are counted in ./system-bets.ts): the full covers, then the n-folds
 * (every double, every treble... of the selections, as one bet of many lines).
 */
export const SYSTEM_TYPES = [
  'trixie',
  'patent',
  'yankee',
  'lucky15',
  'canadian',
  'lucky31',
  'heinz',
  'lucky63',
  'super-heinz',
  'goliath',
  'doubles',
  'trebles',
  'fourfolds',
  'fivefolds',
  'sixfolds',
  'sevenfolds',
  'eightfolds',
  'ninefolds',
  'tenfolds',
  'elevenfolds',
] as const;
export type SystemType = (typeof SYSTEM_TYPES)[number];

/** Stake per bet, pence: £0.10 to £10,000 (Betting Rules). */
export const MIN_STAKE_PENCE = 10;
export const MAX_STAKE_PENCE = 1_000_000;
/** Selections on one coupon (Betting Rules: "up to 12 offers per coupon"). */
export const MAX_SELECTIONS = 12;
/** Events one socket follows in full at once (`subscribe.eventIds`); the server keeps the first this many. */
export const MAX_SUBSCRIBED_EVENTS = 50;
/** The most paid to one account, net of stakes, over any rolling 24 hours (Betting Rules, Payout limit). */
export const NET_PAYOUT_CAP_PENCE = 20_000_000;
export const PAYOUT_CAP_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A price as UK bookmakers quote it: fractional `num/den` (5/2, 1/1 "Evens", 4/6). The decimal odds are exactly
 * (num + den) / den; settlement uses that exact value, never a rounded decimal.
 */
export interface Price {
  num: number;
  den: number;
}
export type OddsFormat = 'fractional' | 'decimal';

export const MARKET_TYPES = [
  'match-result',
  'double-chance',
  'draw-no-bet',
  'total-goals',
  'both-teams-to-score',
  'correct-score',
  'first-half-result',
  'half-time-full-time',
  'asian-handicap',
  'three-way-handicap',
  'first-team-to-score',
  'first-goal-time',
  /** A league's winner over the season (GET /api/competitions/:id/outright); singles only. */
  'outright',
] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

/** Markets settled on the half-time and full-time scores alone: the joint score law prices any mix of them exactly. */
const BET_BUILDER_TYPES: readonly MarketType[] = [
  'match-result',
  'double-chance',
  'total-goals',
  'both-teams-to-score',
  'correct-score',
  'first-half-result',
  'half-time-full-time',
  'asian-handicap',
  'three-way-handicap',
];

/**
 * Whether a market can be part of a Bet Builder: settled on the scores, and never void or half settled (half lines
 * only for totals and Asian handicaps; no draw no bet), so the combination wins exactly when every leg wins.
 */
export function isBuildableMarket(market: { type: MarketType; line: number | null }): boolean {
  if (!BET_BUILDER_TYPES.includes(market.type)) return false;
  if (market.type === 'total-goals' || market.type === 'asian-handicap')
    return market.line !== null && !Number.isInteger(market.line) && Number.isInteger(market.line * 2);
  return true;
}

/** open: bettable; suspended: shown, not bettable for now (a goal, the operator); closed: no longer offered. */
export type SelectionStatus = 'open' | 'suspended' | 'closed';
export interface Selection {
  /** Opaque, stable for the life of the market. */
  id: string;
  /** Words customers see: 'Rovers', 'Draw', 'Over 2.5', '2-1', 'Rovers -0.5'. */
  name: string;
  /** Null when the selection is not priced (decided, closed). */
  price: Price | null;
  status: SelectionStatus;
}

export type MarketStatus = 'open' | 'suspended' | 'closed' | 'settled' | 'void';
export interface Market {
  id: string;
  eventId: string;
  type: MarketType;
  /** 'Match Result', 'Total Goals Over/Under 2.5', 'Asian Handicap -0.5'. */
  name: string;
  /** Goals line for totals and handicaps (home team's handicap), else null. */
  line: number | null;
  status: MarketStatus;
  selections: Selection[];
}

export interface Score {
  home: number;
  away: number;
}

/** scheduled: before kick-off; live: in play; ended: full time, awaiting settlement; settled; abandoned (bets void). */
export type EventStatus = 'scheduled' | 'live' | 'ended' | 'settled' | 'abandoned';
export type EventPhase = 'pre-match' | 'first-half' | 'half-time' | 'second-half' | 'full-time';

export interface EventSummary {
  id: string;
  competitionId: string;
  competitionName: string;
  home: string;
  away: string;
  /** UTC ISO. */
  kickoffAt: string;
  status: EventStatus;
  phase: EventPhase;
  /** Match minute shown on the clock (0 before kick-off, 45 at half time, 90 at full time). */
  minute: number;
  score: Score;
  halfTimeScore: Score | null;
  /** Every market of the event is suspended for now (a goal was just scored, or the operator). */
  suspended: boolean;
  /** Bumped by one on every change to the event or its prices; a gap means an update was missed. */
  seq: number;
  /** The match-result market, for lists. */
  mainMarket: Market | null;
  marketCount: number;
}

export interface EventDetail extends EventSummary {
  markets: Market[];
}

export interface Competition {
  id: string;
  name: string;
  country: string;
  eventCount: number;
}

/** One club's line in a league table, from the season's settled matches. */
export interface LeagueTableRow {
  teamId: string;
  name: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/**
 * A league's current season: its table (points, then goal difference, then goals scored) and its outright market
 * "To win the <league>" (type 'outright', its eventId the season's id), re-priced after each settled match.
 */
export interface OutrightView {
  competitionId: string;
  competitionName: string;
  seasonId: string;
  /** 'Albion Premier Division, season 2'. */
  seasonName: string;
  /** Bumped on every change of prices or status. */
  seq: number;
  fixturesPlayed: number;
  fixturesTotal: number;
  table: LeagueTableRow[];
  market: Market;
  /** The winners' names once the season is settled (more than one: a dead heat); null before. */
  winners: string[] | null;
}

/** bet-builder: several selections of one match at one price, from the joint score law (POST /api/bet-builder/quote). */
export type BetKind = 'single' | 'accumulator' | 'system' | 'bet-builder';

/**
 * What a moved price does to a placement, the customer's setting: 'never' refuses it (the slip shows the new price),
 * 'higher' takes a longer price but refuses a shorter one, 'any' takes whatever the price is now. Checked when the
 * bet is placed and again at the end of an in-play bet's delay.
 */
export const PRICE_CHANGE_POLICIES = ['never', 'higher', 'any'] as const;
export type PriceChangePolicy = (typeof PRICE_CHANGE_POLICIES)[number];
/** pending: placed, the wallet's answer not yet known; open: accepted (it shows in bet history); the rest are final. */
export type BetStatus = 'pending' | 'open' | 'won' | 'lost' | 'void' | 'rejected' | 'cashed-out';
/**
 * half-won and half-lost: an Asian handicap quarter line, whose stake is split over the two nearest lines.
 * dead-heat: an outright whose club finished level at the top with others; the leg's `deadHeatWays` says how many.
 */
export type LegResult = 'open' | 'won' | 'lost' | 'void' | 'half-won' | 'half-lost' | 'dead-heat';

export interface BetLeg {
  selectionId: string;
  eventId: string;
  /** 'Rovers v United'. */
  eventName: string;
  kickoffAt: string;
  marketName: string;
  selectionName: string;
  /** The price the bet was struck at. */
  price: Price;
  result: LegResult;
  /** The final (or, in play, current) score, when known. */
  score: Score | null;
  /** A dead heat: the clubs level at the top; the stake is divided by this many and paid at full odds on that part. */
  deadHeatWays: number | null;
}

export interface BetView {
  betId: string;
  kind: BetKind;
  /** Pence. */
  stake: number;
  placedAt: string;
  status: BetStatus;
  legs: BetLeg[];
  /** What the bet returns if every open leg wins, pence, rounded down, computed with exact odds. */
  potentialReturns: number;
  /**
   * Pence paid, once settled, else null. A bet is won when it returns at least its stake and lost when less: usually
   * 0, but a half-lost quarter line or a dead heat at odds shorter than evens is lost with part of its stake returned.
   */
  returns: number | null;
  settledAt: string | null;
  /** Why a rejected bet was refused, in words. */
  reason: string | null;
  /** A Bet Builder's one price for all its legs (the legs show their own prices for reference); null for other kinds. */
  price: Price | null;
  /**
   * An in-play bet held for its delay (status 'pending'): when the hold ends and the bet is accepted or refused
   * (UTC ISO); null once decided, and for bets that were never held.
   */
  heldUntil: string | null;
  /** A system bet's type, its stake per line and its number of lines (`stake` is the whole: per line x lines). */
  system: { type: SystemType; stakePerLine: number; lines: number } | null;
  /**
   * Partial cash outs so far: the part of the stake they took (stake above is what still rides) and what they paid.
   * A bet cashed out in full has status 'cashed-out' and its last payment in returns.
   */
  cashedOutStake: number;
  cashedOut: number;
  /** Staked with a free-bet token: the stake is not returned with winnings, and cash out is never offered. */
  freeBet: boolean;
}

/** POST /api/bets/:betId/cash-out. `offer` is the figure the customer saw; `amount` (below it) asks for a partial cash out. */
export interface CashOutRequest {
  /** Made in the browser before sending and reused on a retry: one press pays at most once. */
  requestId: string;
  offer: number;
  amount?: number;
}

/** The words of each cash-out refusal, as the customer reads them (the server sends them; the frame checks a partial one first). */
export const CASH_OUT_MESSAGES = {
  unavailable: 'Cash out is not available on this bet right now.',
  removed: 'The cash out offer was withdrawn while we checked it, so your bet stands as it was.',
  changed:
    'The cash out value changed while we checked it, so your bet stands as it was. Check the new offer and try again.',
  settled: 'This bet has already been settled.',
  cashedOut: 'This bet has already been cashed out.',
  freeBet: 'Cash out is not available on free bets.',
  systemBet: 'Cash out is not available on system bets.',
  betBuilder: 'Cash out is not available on Bet Builder bets.',
  notAccepted: 'This bet has not been accepted yet.',
  notPlaced: 'This bet was not placed.',
  remainder: 'That would leave less than £0.10 staked. Cash out the whole bet instead.',
  interrupted: 'We could not finish checking your cash out, so nothing was paid and your bet stands as it was.',
} as const;

/** Why a cash out was refused (HTTP 422 {message, code}); an unknown or another customer's bet is a 404. */
const CASH_OUT_REFUSALS = [
  'CashOutUnavailable',
  'CashOutValueChanged',
  'BetSettled',
  'FreeBetCashOut',
  'AmountAboveValue',
  'RemainderTooSmall',
  'RequestIdReused',
] as const;
export type CashOutRefusal = (typeof CASH_OUT_REFUSALS)[number];

/**
 * GET /api/cash-out-offers: the offer on each of the session's open bets now, as the server would pay it (null: none
 * now). The frame shows these, fetched again as the bets' matches change, and a press sends the one shown.
 */
export interface CashOutOffers {
  offers: Array<{ betId: string; offer: number | null }>;
}

export interface CashOutAnswer {
  bet: BetView;
  /** Pence paid by this cash out. */
  paid: number;
}

/**
 * How an open leg stands on the match so far, by the Betting Rules for its market (the rules that settle it): won,
 * lost or void once nothing still to happen can change that; else winning or losing as it would settle were the
 * match to end now (a quarter line half won counts as winning), or 'void-as-it-stands' (Draw No Bet level, a whole
 * line landing exactly).
 */
export type LegStanding = 'winning' | 'losing' | 'void-as-it-stands' | 'won' | 'lost' | 'void';

/** A match of an open bet now: the live score and clock, `seq` as in EventSummary (a push with a higher seq is newer). */
export interface MatchNow {
  eventId: string;
  status: EventStatus;
  phase: EventPhase;
  minute: number;
  score: Score;
  seq: number;
}

/**
 * GET /api/open-bets/live: the matches the session's open bets ride on, and how each open leg stands on its match
 * now (none before kick-off, nor for an outright). The frame asks again whenever a push moves one of those matches'
 * score, phase or status.
 */
export interface OpenBetsLive {
  matches: MatchNow[];
  legs: Array<{ betId: string; selectionId: string; standing: LegStanding }>;
}

/** A Bet Builder's price for these selections of one match, now. */
export interface BetBuilderQuote {
  eventId: string;
  selectionIds: string[];
  price: Price;
}

/** Why a placement was refused (HTTP 422 with {message, code, changes?}). */
export const PLACEMENT_REFUSALS = [
  'PriceChanged',
  'MarketSuspended',
  'MarketClosed',
  'UnknownSelection',
  'StakeTooLow',
  'StakeTooHigh',
  'TooManySelections',
  /** A system bet whose type needs another number of selections (a Yankee takes exactly 4). */
  'WrongSelectionCount',
  'RelatedSelections',
  /** A Bet Builder with a selection it cannot take, from two matches, or two from one market. */
  'NotBuildable',
  /** A Bet Builder whose selections cannot all win together (0-0 and both teams to score), or too unlikely to price. */
  'ImpossibleCombination',
  'DuplicateSelection',
  'InsufficientFunds',
  'PlayerBlocked',
  'SessionExpired',
  'BetIdReused',
  /** The score changed during an in-play bet's delay. */
  'GoalScored',
  /** The wallet refused the stake for another reason, or never confirmed it (any amount taken is returned). */
  'NotAccepted',
  /** The free-bet token is used, expired, not the customer's, or of another amount. */
  'FreeBetUnavailable',
  /** An outright in an accumulator, system bet or Bet Builder: outrights are taken as singles only. */
  'SinglesOnly',
] as const;
export type PlacementRefusal = (typeof PLACEMENT_REFUSALS)[number];

/** Why an outright is refused in a combination (SinglesOnly), and what the slip says when one is on it with others. */
export const OUTRIGHT_SINGLES_ONLY = 'Outrights can only be backed as singles, not in an accumulator or system bet.';

/** With PriceChanged (and MarketSuspended/MarketClosed), what the slip must now show. */
export interface SelectionChange {
  selectionId: string;
  price: Price | null;
  status: SelectionStatus;
}

/**
 * One change to an event: its state at `seq`. For an event the socket subscribed to by id, `markets` holds the
 * markets whose prices or status changed at this seq (whole markets), and every seq comes, in order. For an event
 * seen only through `lists`, `markets` is absent: `event` (with its main market) is the whole list view, and of a
 * burst of changes only the latest is sent, so seqs may skip.
 */
export interface EventChange {
  eventId: string;
  seq: number;
  event: EventSummary;
  markets?: Market[];
}

/** Messages pushed on the sportsbook's WebSocket (`/ws`). */
export type SportsbookServerMessage =
  /** The event changes since the last push (a short tick), each event's in seq order. */
  | { type: 'event-updates'; updates: EventChange[] }
  /** A league's outright re-priced, closed or settled: the whole view (sent to every socket; there are few). */
  | { type: 'outright-update'; outright: OutrightView }
  /** A bet of this session changed (accepted after pending, settled). */
  | { type: 'bet'; bet: BetView }
  | { type: 'balance'; balance: number }
  /**
   * `bet` and `balance` messages for this session may have been missed (the broker between the sportsbook's instances
   * was away): fetch the session's balance, bets and unresolved placements afresh.
   */
  | { type: 'resync' };

export type SportsbookClientMessage =
  /**
   * Replaces the earlier subscription. `lists`: every scheduled and live event, with only its main market (the
   * home page); `eventIds`: these events with all their markets (an open match page, the slip's selections).
   */
  | { type: 'subscribe'; lists: boolean; eventIds: string[] }
  /** Binds the socket to a session so `bet` and `balance` messages reach it. Sent first, never in the URL. */
  | { type: 'auth'; sessionToken: string };
