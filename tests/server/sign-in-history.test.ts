import { describe, expect, it } from 'vitest';
import { createUser, describeEachDatabase } from './support/harness';
import { describeDevice } from '../../server/modules/auth/device';
import { SIGN_IN_HISTORY_LENGTH } from '../../src/contract/auth';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0';

describe('a device in words', () => {
  it('names the browser and the system from common user agents', () => {
    expect(describeDevice(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(describeDevice(IPHONE_SAFARI)).toBe('Safari on iPhone');
    expect(describeDevice(WINDOWS_EDGE)).toBe('Edge on Windows');
    expect(describeDevice(MAC_FIREFOX)).toBe('Firefox on Mac');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Chrome on iPhone');
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet on Android');
    expect(describeDevice('curl/8.5.0')).toBe('Unknown device');
    expect(describeDevice(undefined)).toBe('Unknown device');
  });
});

describeEachDatabase('sign-in history', (use) => {
  it("lists the customer's own successful sign-ins, newest first, with the device in words and no invented place", async () => {
    const context = use();
    const user = await createUser(context);
    const other = await createUser(context);
    const signIn = (who: typeof user, agent: string, password = who.password) =>
      context.request({
        method: 'POST',
        url: '/auth/login',
        payload: { email: who.email, password },
        headers: { 'user-agent': agent },
      });

    const first = await signIn(user, ANDROID_CHROME);
    expect(first.json().previousSignInAt).toBeNull();
    const firstAt = context.clock.now().toISOString();
    context.clock.advance(60_000);
    await signIn(user, MAC_FIREFOX, 'Wrong12345');
    await signIn(other, WINDOWS_EDGE);
    const second = await signIn(user, IPHONE_SAFARI);
    expect(second.json().previousSignInAt).toBe(firstAt);

    const history = await context.request({ method: 'GET', url: '/auth/sign-ins', token: second.json().accessToken });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({
      signIns: [
        { at: context.clock.now().toISOString(), device: 'Safari on iPhone', place: null },
        { at: firstAt, device: 'Chrome on Android', place: null },
      ],
    });
    expect((await context.request({ method: 'GET', url: '/auth/sign-ins' })).statusCode).toBe(401);
  });

  it('keeps the list to the latest ones', async () => {
    const context = use();
    const user = await createUser(context);
    let token = '';
    for (let count = 0; count < SIGN_IN_HISTORY_LENGTH + 2; count++) {
      context.clock.advance(1000);
      token = (
        await context.request({
          method: 'POST',
          url: '/auth/login',
          payload: { email: user.email, password: user.password },
        })
      ).json().accessToken;
    }
    const { signIns } = (await context.request({ method: 'GET', url: '/auth/sign-ins', token })).json() as {
      signIns: Array<{ at: string; device: string }>;
    };
    expect(signIns).toHaveLength(SIGN_IN_HISTORY_LENGTH);
    expect(signIns[0]!.at).toBe(context.clock.now().toISOString());
    expect(signIns[0]!.device).toBe('Unknown device');
  });
});
