import { describe, expect, it, vi } from 'vitest';
import { InstallPrompt, type BeforeInstallPromptEvent } from '../../src/app/pwa/InstallPrompt';
import { EARLY_INSTALL_OFFER, takeEarlyInstallOffer } from '../../src/app/pwa/earlyInstallOffer';
import { UpdateStore } from '../../src/app/pwa/UpdateStore';
import { clearUserStorage } from '../../src/app/pwa/clearUserStorage';
import { NetworkStatus } from '../../src/stores/NetworkStatus';
import { consentCookie, readConsent } from '../../src/features/shell/cookieConsent';
import { shouldOfferApp } from '../../src/features/shell/appBanner';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, { prompt: vi.fn(async () => undefined), userChoice: Promise.resolve({ outcome }) });
  return event;
}

describe('the install offer', () => {
  it('offers nothing until the browser fires beforeinstallprompt, then keeps the event and stops the browser’s own bar', () => {
    const target = new EventTarget() as unknown as Window;
    const prompt = new InstallPrompt({ target, userAgent: ANDROID_CHROME, standalone: false });
    expect(prompt.available).toBe(false);
    const event = installEvent('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.available).toBe(true);
    expect(prompt.showIosInstructions).toBe(false);
  });

  it('offers what the page kept before the app ran, taken once, and nothing to an installed app', async () => {
    const page = { [EARLY_INSTALL_OFFER]: installEvent('accepted') };
    const target = new EventTarget() as unknown as Window;
    const prompt = new InstallPrompt({
      target,
      earlyOffer: takeEarlyInstallOffer(page),
      userAgent: ANDROID_CHROME,
      standalone: false,
    });
    expect(prompt.available).toBe(true);
    expect(takeEarlyInstallOffer(page)).toBeUndefined();
    expect(await prompt.install()).toBe('accepted');
    const installed = new InstallPrompt({
      target,
      earlyOffer: installEvent('accepted'),
      userAgent: ANDROID_CHROME,
      standalone: true,
    });
    expect(installed.available).toBe(false);
  });

  it('shows the browser’s dialog on Install; accepted means installed, and the event is used once only', async () => {
    const target = new EventTarget() as unknown as Window;
    const prompt = new InstallPrompt({ target, userAgent: ANDROID_CHROME, standalone: false });
    const event = installEvent('accepted');
    target.dispatchEvent(event);
    expect(await prompt.install()).toBe('accepted');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(prompt.installed).toBe(true);
    expect(prompt.available).toBe(false);
    expect(await prompt.install()).toBe('unavailable');
  });

  it('drops the offer when dismissed until the browser offers again, and after appinstalled', async () => {
    const target = new EventTarget() as unknown as Window;
    const prompt = new InstallPrompt({ target, userAgent: ANDROID_CHROME, standalone: false });
    target.dispatchEvent(installEvent('dismissed'));
    expect(await prompt.install()).toBe('dismissed');
    expect(prompt.available).toBe(false);
    expect(prompt.installed).toBe(false);
    target.dispatchEvent(installEvent('dismissed'));
    expect(prompt.available).toBe(true);
    target.dispatchEvent(new Event('appinstalled'));
    expect(prompt.available).toBe(false);
    expect(prompt.installed).toBe(true);
  });

  it('tells iOS users to use Share, then Add to Home Screen, unless the app already runs installed', () => {
    expect(
      new InstallPrompt({ target: undefined, userAgent: IPHONE_SAFARI, standalone: false }).showIosInstructions,
    ).toBe(true);
    expect(
      new InstallPrompt({ target: undefined, userAgent: IPHONE_SAFARI, standalone: true }).showIosInstructions,
    ).toBe(false);
    expect(new InstallPrompt({ target: undefined, userAgent: DESKTOP, standalone: false }).showIosInstructions).toBe(
      false,
    );
  });

  it('stops listening when disposed', () => {
    const target = new EventTarget() as unknown as Window;
    const prompt = new InstallPrompt({ target, userAgent: ANDROID_CHROME, standalone: false });
    prompt.dispose();
    target.dispatchEvent(installEvent('accepted'));
    expect(prompt.available).toBe(false);
  });
});

describe('the update prompt', () => {
  it('announces a waiting worker and activates it only when the customer presses Reload', () => {
    const update = new UpdateStore();
    const activate = vi.fn();
    expect(update.available).toBe(false);
    update.offer({ activate });
    expect(update.available).toBe(true);
    expect(activate).not.toHaveBeenCalled();
    update.reload();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(update.available).toBe(false);
  });
});

describe('the offline state', () => {
  it('follows the browser’s online and offline events', () => {
    const target = new EventTarget() as unknown as Window;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const network = new NetworkStatus(target);
    expect(network.online).toBe(true);
    onLine.mockReturnValue(false);
    target.dispatchEvent(new Event('offline'));
    expect(network.online).toBe(false);
    onLine.mockReturnValue(true);
    target.dispatchEvent(new Event('online'));
    expect(network.online).toBe(true);
    network.dispose();
    onLine.mockRestore();
  });
});

describe('the cookie consent and the app banner', () => {
  it('keeps the answer as true or false for 180 days', () => {
    expect(consentCookie(true, false)).toBe('cookieConsent=true; Max-Age=15552000; Path=/; SameSite=Lax');
    expect(consentCookie(false, true)).toContain('cookieConsent=false;');
    expect(consentCookie(false, true)).toContain('; Secure');
    expect(readConsent('a=1; cookieConsent=false; b=2')).toBe(false);
    expect(readConsent('cookieConsent=true')).toBe(true);
    expect(readConsent('xcookieConsent=true')).toBeNull();
    expect(readConsent('')).toBeNull();
  });

  it('invites touch phone users to the app, except on iOS Safari or once dismissed', () => {
    expect(shouldOfferApp(ANDROID_CHROME, 5, false)).toBe(true);
    expect(shouldOfferApp(IPHONE_CHROME, 5, false)).toBe(true);
    expect(shouldOfferApp(IPHONE_SAFARI, 5, false)).toBe(false);
    expect(shouldOfferApp(ANDROID_CHROME, 5, true)).toBe(false);
    expect(shouldOfferApp(DESKTOP, 0, false)).toBe(false);
  });
});

describe('clearing the customer’s storage', () => {
  it('removes every Cache Storage cache but the app shell and the documents', async () => {
    const names = ['workbox-precache-v2-http://localhost/', 'content', 'api-answers', 'other'];
    const caches = {
      keys: vi.fn(async () => [...names]),
      delete: vi.fn(async (name: string) => names.splice(names.indexOf(name), 1).length > 0),
    };
    await clearUserStorage({ caches });
    expect(names).toEqual(['workbox-precache-v2-http://localhost/', 'content']);
  });
});
