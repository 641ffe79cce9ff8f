export const DATE_FORMAT = 'dd/MM/yyyy';

const two = (value: number) => String(value).padStart(2, '0');

/**
 * Dates show in the browser's time zone; the wire carries UTC ISO strings. Written out rather than with date-fns,
 * which the page's first paint would otherwise load for these three fixed patterns.
 */
export const formatDate = (value: string | number | Date) => {
  const date = new Date(value);
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${String(date.getFullYear()).padStart(4, '0')}`;
};
export const formatTime = (value: string | number | Date) => {
  const date = new Date(value);
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
};
export const formatDateTime = (value: string | number | Date) => {
  const date = new Date(value);
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${two(date.getFullYear() % 100)} ${formatTime(date)}`;
};
