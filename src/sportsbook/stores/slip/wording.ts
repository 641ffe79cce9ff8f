import type { PriceChangePolicy } from '../../../contract/sportsbook-rules';
import type { PlacementRefusalBody } from '../../../contract/sportsbook';
import type { Placement, PlacementState } from './model';

/** The slip's words: what the customer reads and what a screen reader hears, as pure functions of the slip's state. */

const PLACEMENT_WORDS: Record<string, string> = {
  InsufficientFunds: 'Your balance is too low for this stake.',
  PlayerBlocked: 'Your account cannot place bets at the moment. Please contact customer support.',
  SessionExpired: 'Your session has ended. Please log in again; your selections are kept.',
  MarketSuspended: 'This market is suspended for now. Try again when it reopens.',
  MarketClosed: 'This market is closed.',
};

/** Words for the price-change setting, as the slip offers it. */
export const PRICE_CHANGE_WORDS: Record<PriceChangePolicy, string> = {
  never: 'Never accept',
  higher: 'Accept higher odds',
  any: 'Accept any odds',
};

export const HELD_MESSAGE = 'In-play bets are held for a few seconds before they are accepted.';
export const NOT_PLACED_MESSAGE = 'Your bet was not placed and nothing was taken from your balance.';
/** Why no other bet can be placed while an earlier one's outcome is not known. */
export const WAIT_FOR_LAST_BET = 'Checking your last bet first. You can place another bet once we know the outcome.';
export const CHECK_LAST_BET = 'Checking your last bet first. Use Check again above.';
export const PLACING_LAST_BET =
  'Your last bet is still being placed. You can place another bet once we know the outcome.';
const WAIT_WORDS = new Set([WAIT_FOR_LAST_BET, CHECK_LAST_BET, PLACING_LAST_BET]);
/** A notice that says why Place waits for an earlier bet: it follows that bet's progress. */
export const isWaitWords = (notice: string | null) => notice !== null && WAIT_WORDS.has(notice);
/** A single whose free bet is no longer on the customer's list: its stake is cleared, never turned into cash. */
export const FREE_BET_GONE =
  'Your free bet is no longer available, so this stake has been cleared. Enter a new stake to place this bet.';
export const PLACED_AFTER_ALL = 'We said this bet was not placed, but it went on after all. It is in My Bets.';
/** Place pressed signed out: the host opens its sign-in. */
export const LOG_IN_TO_PLACE = 'Log in to place your bet.';
export const SESSION_ENDED = PLACEMENT_WORDS.SessionExpired!;

const FOLDS = ['', '', 'Double', 'Treble', '4-Fold', '5-Fold', '6-Fold', '7-Fold', '8-Fold', '9-Fold', '10-Fold'];

/** The accumulator's name for this many selections: 'Treble Accumulator'. */
export function accaName(count: number): string {
  return `${FOLDS[count] ?? `${count}-Fold`} Accumulator`;
}

/** Said when a price is added to the slip, so a screen reader hears where it went (the focus may stay on the price). */
export function addedWords(selectionName: string, count: number): string {
  return `${selectionName} added to your bet slip: ${count} ${count === 1 ? 'selection' : 'selections'}.`;
}

export function removedWords(selectionName: string, count: number): string {
  return `${selectionName} removed from your bet slip: ${count} ${count === 1 ? 'selection' : 'selections'}.`;
}

export function priceChangedWords(selectionName: string, before: string, after: string): string {
  return `${selectionName}: price changed from ${before} to ${after}.`;
}

/** A refusal from the server, in the customer's words. */
export function refusalWords(refusal: PlacementRefusalBody): string {
  const words =
    refusal.code === 'PriceChanged'
      ? 'The price changed before your bet went on. Check the new price and place again.'
      : (PLACEMENT_WORDS[refusal.code] ?? refusal.message);
  return refusal.code === 'InsufficientFunds' || refusal.code === 'PlayerBlocked' ? refusal.message || words : words;
}

/** What a screen reader hears when a placement moves to `state` (null: nothing new to say). */
export function placementAnnouncement(
  placement: Placement,
  state: PlacementState,
  message: string | undefined,
  wasHeld: boolean,
): string | null {
  if (state === 'held' && !wasHeld) return `Placing your bet. ${HELD_MESSAGE}`;
  if (state === 'accepted')
    return placement.placedAfterAll
      ? `${PLACED_AFTER_ALL} Bet ID ${placement.request.betId}.`
      : `Bet placed. Bet ID ${placement.request.betId}.`;
  if (state === 'refused') return `Bet not placed. ${message ?? ''}`;
  if (state === 'not-placed') return message ?? '';
  return null;
}
