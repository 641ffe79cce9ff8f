/** Calendar-day arithmetic for dates of birth: no time zones, leap years respected. */
export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

const MINIMUM_AGE = 18;
export const MINIMUM_BIRTH_YEAR = 1900;

export function isRealDate({ year, month, day }: CalendarDay): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole years from `birth` to `today`; someone born on 29 February comes of age on 1 March in other years. */
export function ageOn(birth: CalendarDay, today: CalendarDay): number {
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

export const isAdultOn = (birth: CalendarDay, today: CalendarDay) =>
  isRealDate(birth) && birth.year >= MINIMUM_BIRTH_YEAR && ageOn(birth, today) >= MINIMUM_AGE;

/** Today in the browser's zone (the form). */
export const localToday = (now: Date = new Date()): CalendarDay => ({
  year: now.getFullYear(),
  month: now.getMonth() + 1,
  day: now.getDate(),
});

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in the UK (the server: a customer turns 18 at midnight UK time, whatever the server's zone). */
export function ukToday(now: Date): CalendarDay {
  const parts = Object.fromEntries(londonParts.formatToParts(now).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** 'yyyy-MM-dd', as the wire carries it. */
export const toIsoDay = ({ year, month, day }: CalendarDay) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export function parseIsoDay(value: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}
