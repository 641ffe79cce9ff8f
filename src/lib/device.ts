/** Mobile means a width up to 768 px or a phone user agent (spec 000, section 9). */
export const MOBILE_MAX_WIDTH = 768;

export function isPhoneUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPod|Windows Phone|Mobile/i.test(userAgent);
}

export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

export function isIosSafari(userAgent: string): boolean {
  return isIos(userAgent) && /Safari/i.test(userAgent) && !/CriOS|FxiOS|EdgiOS/i.test(userAgent);
}

function isAndroid(userAgent: string): boolean {
  return /Android/i.test(userAgent);
}

// Placeholders until the apps are published: a build sets the real pages with VITE_ANDROID_STORE_URL and
// VITE_IOS_STORE_URL (docs/operations.md, Configuration); the default iOS id of zeros is no real app.
export const ANDROID_STORE_URL: string =
  import.meta.env.VITE_ANDROID_STORE_URL || 'https://play.google.com/store/apps/details?id=com.exsport.app';
export const IOS_STORE_URL: string =
  import.meta.env.VITE_IOS_STORE_URL || 'https://apps.apple.com/gb/app/exsport/id0000000000';

export const storeUrlFor = (userAgent: string) => (isAndroid(userAgent) ? ANDROID_STORE_URL : IOS_STORE_URL);
