import type { CatalogEvent } from '../stores/CatalogStore';
import type { Market, Selection } from '../../contract/sportsbook-rules';

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function kickoff(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const days = Math.round((startOfDay(date) - startOfDay(now)) / 86_400_000);
  if (days === 0) return time.format(date);
  if (days === 1) return `Tomorrow ${time.format(date)}`;
  return `${day.format(date)} ${time.format(date)}`;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** The match clock as UK bookmakers show it: 63', HT, FT. */
export function clock(event: CatalogEvent): string {
  if (event.phase === 'half-time') return 'HT';
  if (event.phase === 'full-time' || event.status === 'ended' || event.status === 'settled') return 'FT';
  if (event.phase === 'pre-match') return kickoff(event.kickoffAt);
  return `${event.minute}'`;
}

export const clockWords = (event: CatalogEvent) => {
  const shown = clock(event);
  if (shown === 'HT') return 'Half time';
  if (shown === 'FT') return 'Full time';
  return event.status === 'live' ? `${event.minute} minutes played` : `Kick-off ${shown}`;
};

/** What a screen reader hears for an odds button, before the price: 'Rovers to win', 'Draw', 'Over 2.5 goals'. */
export function selectionWords(
  selection: Selection,
  market: Market,
  event: Pick<CatalogEvent, 'home' | 'away'>,
): string {
  if (market.type === 'match-result') {
    if (selection.name === event.home || selection.name === event.away) return `${selection.name} to win`;
    return 'Draw';
  }
  return `${selection.name}, ${market.name}`;
}

/**
 * A bet's short reference on a receipt, as UK bookmakers print one: the first eight characters of its id, upper
 * case. The full id stays on the page (its title, and My Bets) for support.
 */
export const shortBetReference = (betId: string) => betId.replace(/-/g, '').slice(0, 8).toUpperCase();
