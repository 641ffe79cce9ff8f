import { describe, expect, it, vi } from 'vitest';
import { RegistrationFlow, type RegistrationFlowDeps } from '../../src/features/registration/RegistrationFlow';
import { HttpError } from '../../src/api/http';
import { GAMSTOP_REGISTRATION_REFUSED, GAMSTOP_UNAVAILABLE } from '../../src/contract/gamstop';
import type { PersonalStepOutput } from '../../src/contract/registration';
import type { Timers } from '../../src/stores/timers';
import { captureClickKey, forgetClickKey, readClickKey } from '../../src/features/registration/clickKey';

const PROVIDER = 'http://127.0.0.1:8090';
const APP = 'http://localhost:8080';

class FakeTimers implements Timers {
  private intervals = new Map<number, { callback: () => void; ms: number }>();
  private next = 1;
  setTimeout(): unknown {
    throw new Error('not used');
  }
  clearTimeout(): void {}
  setInterval(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.intervals.set(id, { callback, ms });
    return id;
  }
  clearInterval(handle: unknown): void {
    this.intervals.delete(handle as number);
  }
  tick(): void {
    for (const { callback } of [...this.intervals.values()]) callback();
  }
  get active(): number[] {
    return [...this.intervals.values()].map((interval) => interval.ms);
  }
}

class FakePopup {
  closed = false;
  location = { href: 'about:blank' };
  close() {
    this.closed = true;
  }
}

const personal: PersonalStepOutput = {
  firstName: 'Jane',
  lastName: 'Smith',
  dateOfBirth: { day: '05', month: '04', year: '1990' },
  phoneNumber: '7700900123',
  postcode: 'SW1A 2AA',
  addressLine1: '',
  addressLine2: '',
  townOrCity: '',
  promoCode: '',
  offers: { email: 'no', phone: 'no', sms: 'no' },
  termsAccepted: true,
};

function setup(overrides: Partial<RegistrationFlowDeps> = {}) {
  const popup = new FakePopup();
  const timers = new FakeTimers();
  const messages = new EventTarget();
  const clickKeys = { value: 'aff-7' as string | undefined };
  const deps: RegistrationFlowDeps = {
    register: vi.fn(async () => ({ avCheckUrl: `${PROVIDER}/identity-verification?session=abc&sig=def` })),
    login: vi.fn(async () => {}),
    openWindow: vi.fn(() => popup as unknown as Window),
    messages: messages as unknown as Window,
    parentOrigin: APP,
    isDesktop: () => true,
    timers,
    clickKey: { read: () => clickKeys.value, forget: () => (clickKeys.value = undefined) },
    ...overrides,
  };
  const flow = new RegistrationFlow(deps);
  flow.emailDone({ email: 'jane@example.com', confirmEmail: 'jane@example.com' });
  flow.passwordDone({ password: 'Secret123', confirmPassword: 'Secret123' });
  const post = (origin: string, data: unknown) => messages.dispatchEvent(new MessageEvent('message', { origin, data }));
  return { flow, deps, popup, timers, post, clickKeys };
}

describe('registration flow', () => {
  it('walks email, password, personal with the step indicator on circles 1, 2, 3', () => {
    const { flow } = setup();
    expect(flow.step).toBe('personal');
    expect(flow.indicatorIndex).toBe(2);
    flow.goTo('password');
    expect(flow.indicatorIndex).toBe(1);
    flow.goTo('email');
    expect(flow.indicatorIndex).toBe(0);
  });

  it('opens the provider page with the parent origin and sends the clickKey', async () => {
    const { flow, deps, popup } = setup();
    await flow.submit(personal);
    expect(deps.register).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'jane@example.com',
        password: 'Secret123',
        clickKey: 'aff-7',
        phone: '+447700900123',
      }),
    );
    const address = new URL(popup.location.href);
    expect(address.origin).toBe(PROVIDER);
    expect(address.searchParams.get('parentOrigin')).toBe(APP);
    expect(flow.step).toBe('verification');
    expect(flow.verification).toBe('processing');
  });

  it('AV_SUCCESS from the provider origin is success and closes the popup; the clickKey is forgotten', async () => {
    const { flow, popup, post, clickKeys, timers } = setup();
    await flow.submit(personal);
    expect(clickKeys.value).toBeUndefined();
    post(PROVIDER, { status: 'AV_SUCCESS' });
    expect(flow.verification).toBe('success');
    expect(popup.closed).toBe(true);
    expect(timers.active).toEqual([]);
  });

  it.each(['AV_FAIL', 'AV_CANCELED'])('%s is fail', async (status) => {
    const { flow, post } = setup();
    await flow.submit(personal);
    post(PROVIDER, { status });
    expect(flow.verification).toBe('fail');
  });

  it('ignores messages from any other origin, and unknown statuses', async () => {
    const { flow, post } = setup();
    await flow.submit(personal);
    post('http://evil.example', { status: 'AV_SUCCESS' });
    post(APP, { status: 'AV_SUCCESS' });
    post(PROVIDER, { status: 'SOMETHING' });
    expect(flow.verification).toBe('processing');
  });

  it('on desktop a popup closed while processing becomes fail, checked every 500 ms', async () => {
    const { flow, popup, timers } = setup();
    await flow.submit(personal);
    expect(timers.active).toEqual([500]);
    timers.tick();
    expect(flow.verification).toBe('processing');
    popup.closed = true;
    timers.tick();
    expect(flow.verification).toBe('fail');
  });

  it('on mobile a closed popup is not taken as a result', async () => {
    const { flow, timers } = setup({ isDesktop: () => false });
    await flow.submit(personal);
    expect(timers.active).toEqual([]);
  });

  it('a blocked popup shows its message, sends nothing, and goes back to personal', async () => {
    const { flow, deps } = setup({ openWindow: vi.fn(() => null) });
    await flow.submit(personal);
    expect(deps.register).not.toHaveBeenCalled();
    expect(flow.step).toBe('error');
    expect(flow.error).toEqual({
      heading: 'Error',
      message: 'Popup was blocked. Please allow pop-ups for this site.',
      back: 'personal',
    });
    flow.goTo(flow.error!.back);
    expect(flow.step).toBe('personal');
  });

  it('a request error goes back to personal and keeps the clickKey; a taken e-mail goes back to email', async () => {
    const failing = setup({ register: vi.fn(async () => Promise.reject(new HttpError('Postcode is too long', 400))) });
    await failing.flow.submit(personal);
    expect(failing.flow.error).toEqual({ heading: 'Error', message: 'Postcode is too long', back: 'personal' });
    expect(failing.popup.closed).toBe(true);
    expect(failing.clickKeys.value).toBe('aff-7');

    const taken = setup({
      register: vi.fn(async () => Promise.reject(new HttpError('An account with this email already exists', 409))),
    });
    await taken.flow.submit(personal);
    expect(taken.flow.error?.back).toBe('email');
  });

  it('a GAMSTOP refusal or an unreachable GAMSTOP is named as such, not as an error of the customer', async () => {
    const excluded = setup({
      register: vi.fn(async () => Promise.reject(new HttpError(GAMSTOP_REGISTRATION_REFUSED, 422, 'GamstopExcluded'))),
    });
    await excluded.flow.submit(personal);
    expect(excluded.flow.error).toEqual({
      heading: 'Self-excluded with GAMSTOP',
      message: GAMSTOP_REGISTRATION_REFUSED,
      back: 'personal',
    });
    const down = setup({
      register: vi.fn(async () => Promise.reject(new HttpError(GAMSTOP_UNAVAILABLE, 503, 'GamstopUnavailable'))),
    });
    await down.flow.submit(personal);
    expect(down.flow.error?.heading).toBe('Please try again shortly');
  });

  it("an answer without avCheckUrl says 'No verification URL received from backend.'", async () => {
    const { flow, popup } = setup({ register: vi.fn(async () => ({})) });
    await flow.submit(personal);
    expect(flow.error?.message).toBe('No verification URL received from backend.');
    expect(popup.closed).toBe(true);
  });

  it('Continue signs in with the e-mail and password just entered and moves to deposit limits', async () => {
    const { flow, deps, post } = setup();
    await flow.submit(personal);
    post(PROVIDER, { status: 'AV_FAIL' });
    await flow.continueAfterVerification();
    expect(deps.login).toHaveBeenCalledWith({ email: 'jane@example.com', password: 'Secret123' });
    expect(flow.step).toBe('limits');
    // The deposit-limit step shows the personal step done, not current.
    expect(flow.indicatorIndex).toBe(3);
  });

  it('a failed sign-in after verification is a verification error: back to the email step', async () => {
    const { flow, post } = setup({
      login: vi.fn(async () => Promise.reject(new HttpError('Invalid email or password', 401))),
    });
    await flow.submit(personal);
    post(PROVIDER, { status: 'AV_SUCCESS' });
    await flow.continueAfterVerification();
    expect(flow.error).toEqual({ heading: 'Error', message: 'Invalid email or password', back: 'email' });
  });
});

describe('clickKey', () => {
  it('is taken from ?clickKey= or ?affiliate=, kept, and removed', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    captureClickKey('?foo=1', fake);
    expect(readClickKey(fake)).toBeUndefined();
    captureClickKey('?affiliate=aff-9', fake);
    expect(readClickKey(fake)).toBe('aff-9');
    captureClickKey('?clickKey=ck-1', fake);
    expect(readClickKey(fake)).toBe('ck-1');
    forgetClickKey(fake);
    expect(readClickKey(fake)).toBeUndefined();
  });
});
