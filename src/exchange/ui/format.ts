import { decimalOf } from '../../contract/exchange-ladder';
import { formatPence } from '../../contract/rules/money';

/** Decimal odds as both exchanges show them: 2.5, 1.01, 110. */
export const priceText = (hundredths: number) => String(decimalOf(hundredths));

/** A ladder size: whole pounds from £10 ("£120"), pence below, as the exchanges round their columns. */
export const sizeText = (pence: number) =>
  pence >= 1000 ? `£${Math.floor(pence / 100).toLocaleString('en-GB')}` : formatPence(pence);

export const money = (pence: number) => formatPence(pence);

/** A profit or loss with its sign in words for screen readers and a sign on screen. */
export const signed = (pence: number) => (pence < 0 ? `-${formatPence(-pence)}` : formatPence(pence));

const kickoffFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
export const kickoff = (iso: string) => kickoffFormat.format(new Date(iso));

const STATUS_WORDS = { open: 'Open', suspended: 'Suspended', closed: 'Closed', settled: 'Settled' } as const;
export const statusWords = (market: { status: keyof typeof STATUS_WORDS; inPlay: boolean }) =>
  market.status === 'open' && market.inPlay ? 'In play' : STATUS_WORDS[market.status];
