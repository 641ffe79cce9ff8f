import { format } from 'date-fns';

export const DATE_FORMAT = 'dd/MM/yyyy';
const DATE_TIME_FORMAT = 'dd/MM/yy HH:mm';

/** Dates show in the browser's time zone; the wire carries UTC ISO strings. */
export const formatDate = (value: string | number | Date) => format(new Date(value), DATE_FORMAT);
export const formatDateTime = (value: string | number | Date) => format(new Date(value), DATE_TIME_FORMAT);
export const formatTime = (value: string | number | Date) => format(new Date(value), 'HH:mm');
