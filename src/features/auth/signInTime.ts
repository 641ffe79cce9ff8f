const signInFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/** "25 November 2026 at 14:05" in the browser's time zone. */
export const formatSignInTime = (iso: string) => signInFormat.format(new Date(iso));
