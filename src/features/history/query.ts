import { addDays, startOfDay, subDays, subHours, subMonths } from 'date-fns';
import {
  HISTORY_START,
  TRANSACTION_FILTERS,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionsQuery,
} from '../../contract/transactions';

export type FilterLabel = (typeof TRANSACTION_FILTERS)[number]['label'];
export const TIME_CHIPS = ['Lifetime', '24 Hrs', 'Week', 'Month', 'Custom'] as const;
export type TimeChip = (typeof TIME_CHIPS)[number];
const TO_BEFORE_FROM_MESSAGE = "'To' date cannot be before 'From' date.";

export interface TimeRange {
  from: string;
  to?: string;
}

/** The range of a preset time chip, fixed at the moment it is chosen (so the query key stays put). */
export function presetRange(chip: Exclude<TimeChip, 'Custom'>, now: Date): TimeRange {
  switch (chip) {
    case 'Lifetime':
      return { from: HISTORY_START };
    case '24 Hrs':
      return { from: subHours(now, 24).toISOString() };
    case 'Week':
      return { from: subDays(now, 7).toISOString() };
    case 'Month':
      return { from: subMonths(now, 1).toISOString() };
  }
}

/** Apply needs both dates (the date inputs' yyyy-MM-dd values). */
export const hasBothDates = (from: string, to: string) => from !== '' && to !== '';

/** Why a complete custom range cannot be applied, or undefined. */
export function customRangeError(from: string, to: string): string | undefined {
  return hasBothDates(from, to) && to < from ? TO_BEFORE_FROM_MESSAGE : undefined;
}

/** A custom range in the browser's time zone: from the start of 'From' to the end of 'To' (the server's `to` is exclusive). */
export function customRange(from: string, to: string): TimeRange {
  const localDay = (value: string) => startOfDay(new Date(`${value}T00:00:00`));
  return { from: localDay(from).toISOString(), to: addDays(localDay(to), 1).toISOString() };
}

/** What a filter chip and a time range ask the server for (without paging). */
export function historyQuery(filter: FilterLabel, range: TimeRange): TransactionsQuery {
  const chip = TRANSACTION_FILTERS.find((candidate) => candidate.label === filter) ?? TRANSACTION_FILTERS[0];
  return { ...chip.query, from: range.from, ...(range.to ? { to: range.to } : {}), limit: TRANSACTIONS_PAGE_SIZE };
}

/** The next page starts after the last item; a short page is the last one. */
export function nextPrevId(page: ReadonlyArray<{ id: number }>): number | undefined {
  return page.length < TRANSACTIONS_PAGE_SIZE ? undefined : page[page.length - 1]?.id;
}

export const historyKeys = {
  all: ['transactions'] as const,
  user: (userId: number) => [...historyKeys.all, userId] as const,
  list: (userId: number, query: TransactionsQuery) => [...historyKeys.user(userId), 'list', query] as const,
  netDeposits: (userId: number) => [...historyKeys.user(userId), 'net-deposits'] as const,
  p2pMarkets: (userId: number) => [...historyKeys.user(userId), 'p2p-markets'] as const,
};

/** The Dexie key of one saved page: the customer, the query and the page's place. */
export const savedPageKey = (userId: number, query: TransactionsQuery, prevId: number | undefined) =>
  `${userId}|${JSON.stringify(query)}|${prevId ?? 'first'}`;
