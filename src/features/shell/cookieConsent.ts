const CONSENT_COOKIE = 'cookieConsent';
const CONSENT_DAYS = 180;

/** The answer in `document.cookie`; the page's first screen reads it too, before the app runs (scripts/first-screen.ts). */
export const CONSENT_ANSWER = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(true|false)(?:;|$)`);

/** The customer's answer: true (accepted), false (declined), or null when not yet asked. */
export function readConsent(cookies: string): boolean | null {
  const match = CONSENT_ANSWER.exec(cookies);
  return match ? match[1] === 'true' : null;
}

export function consentCookie(accepted: boolean, secure: boolean): string {
  return `${CONSENT_COOKIE}=${accepted}; Max-Age=${CONSENT_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
