import { isIosSafari, isPhoneUserAgent } from '../../lib/device';

export const APP_BANNER_DISMISSED_KEY = 'appBannerDismissed';

/** On touch phones, except iOS Safari (which has its own app banners), we invite the customer to get the app. */
export function shouldOfferApp(userAgent: string, touchPoints: number, dismissed: boolean): boolean {
  return !dismissed && touchPoints > 0 && isPhoneUserAgent(userAgent) && !isIosSafari(userAgent);
}
