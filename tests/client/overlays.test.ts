import { describe, expect, it, vi } from 'vitest';
import { findOverlay, overlayCatalog, overlayDefinitions, overlaysInCategory } from '../../src/overlays/registry';
import { OverlayStore } from '../../src/stores/OverlayStore';
import { openFromAddress } from '../../src/app/openFromAddress';

/** Every path name of spec 000 and spec 001, with its kind. */
const SPEC_OVERLAYS: Record<string, 'drawer' | 'modal' | 'iframeRedirect'> = {
  login: 'drawer',
  register: 'drawer',
  'forgot-password': 'drawer',
  'reset-password': 'drawer',
  'mobile-switcher': 'drawer',
  'mobile-menu': 'drawer',
  'download-app': 'modal',
  'bet-not-logged-in': 'modal',
  account: 'drawer',
  'account_personal-details': 'drawer',
  'account_personal-details_update-password': 'drawer',
  'account_personal-details_delete-account': 'drawer',
  'account_promo-code': 'drawer',
  AllBets: 'drawer',
  logout: 'modal',
  'account-suspended': 'drawer',
  iframeRedirect: 'iframeRedirect',
  account_deposit: 'drawer',
  register_deposit: 'drawer',
  account_withdraw: 'drawer',
  'account_transaction-history': 'drawer',
  'account_responsible-gambling': 'drawer',
  'account_responsible-gambling_deposit-limits': 'drawer',
  'account_responsible-gambling_deposit-limits_delete-limit': 'modal',
  'account_responsible-gambling_profit-and-loss': 'drawer',
  'account_responsible-gambling_time-out': 'drawer',
  'account_responsible-gambling_self-exclude': 'drawer',
  'cookie-policy': 'drawer',
  terms: 'drawer',
  privacy: 'drawer',
  promotions: 'drawer',
  contact: 'drawer',
  deposits: 'drawer',
  'safer-gambling': 'drawer',
  'betting-rules': 'drawer',
  'exchange-rules': 'drawer',
};

describe('overlay registry', () => {
  it.each(Object.entries(SPEC_OVERLAYS))('knows %s as a %s', (name, kind) => {
    expect(findOverlay(name).kind).toBe(kind);
  });

  it('has no name twice', () => {
    const names = overlayDefinitions.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('throws for an unknown name, in the registry and when opening', () => {
    expect(() => findOverlay('nope')).toThrow('Unknown overlay: nope');
    expect(() => new OverlayStore(overlayCatalog).open('Login')).toThrow('Unknown overlay: Login');
  });

  it('slides drawers in from the right, mobile-menu from the left and mobile-switcher from the bottom', () => {
    expect(findOverlay('mobile-menu').slide).toBe('left');
    expect(findOverlay('mobile-switcher').slide).toBe('bottom');
    const others = overlayDefinitions.filter(
      (definition) => definition.kind === 'drawer' && !['mobile-menu', 'mobile-switcher'].includes(definition.name),
    );
    expect(others.length).toBeGreaterThan(20);
    for (const definition of others) expect(definition.slide, definition.name).toBe('right');
  });

  it('gives the titles, back targets and subtitles of the specification', () => {
    expect(findOverlay('mobile-menu').title).toBe('Menu');
    expect(findOverlay('bet-not-logged-in').title).toBe("Let's get that bet on");
    expect(findOverlay('account_personal-details_update-password')).toMatchObject({
      title: 'Update Password',
      back: 'account_personal-details',
    });
    expect(findOverlay('account_personal-details_delete-account')).toMatchObject({
      title: 'Delete Account',
      back: 'account_personal-details',
    });
    expect(findOverlay('account_deposit').back).toBe('account');
    expect(findOverlay('account_withdraw').back).toBe('account');
    expect(findOverlay('account_responsible-gambling_deposit-limits')).toMatchObject({
      title: 'Deposit Limits',
      back: 'account_responsible-gambling',
      subtitle: 'Set limits to deposits daily, weekly and/or monthly',
    });
    expect(findOverlay('account_responsible-gambling_profit-and-loss').subtitle).toBe(
      'See your profit and loss during a specific period',
    );
    expect(findOverlay('account_responsible-gambling_time-out').subtitle).toBe('Take a break from our app');
    expect(findOverlay('account_responsible-gambling_self-exclude').subtitle).toBe(
      'Stop using our app for a set time period',
    );
  });

  it('groups drawers into the three categories', () => {
    expect(overlaysInCategory('account_responsible-gambling').map((definition) => definition.name)).toContain(
      'account_responsible-gambling_time-out',
    );
    expect(overlaysInCategory('account_personal-details').map((definition) => definition.name)).toContain(
      'account_personal-details_update-password',
    );
    expect(overlaysInCategory('account').map((definition) => definition.name)).toContain('account_deposit');
  });
});

describe('overlay store', () => {
  it('keeps one drawer at a time and stacks modals over it', () => {
    const overlays = new OverlayStore(overlayCatalog);
    overlays.open('login');
    overlays.open('forgot-password');
    expect(overlays.stack.map((entry) => entry.definition.name)).toEqual(['forgot-password']);
    overlays.open('logout');
    expect(overlays.stack.map((entry) => entry.definition.name)).toEqual(['forgot-password', 'logout']);
    overlays.close();
    expect(overlays.top?.definition.name).toBe('forgot-password');
  });

  it("holds the registry's own definitions, so each screen keeps its reload (a deep observable would wrap it)", () => {
    const overlays = new OverlayStore(overlayCatalog);
    for (const name of ['terms', 'login']) {
      overlays.open(name);
      expect(overlays.top?.definition).toBe(findOverlay(name));
      expect(overlays.top?.definition.component?.reload).toBeTypeOf('function');
    }
  });

  it('keeps the data it was opened with', () => {
    const overlays = new OverlayStore(overlayCatalog);
    overlays.open('reset-password', { code: 'abc' });
    expect(overlays.top?.data).toEqual({ code: 'abc' });
  });

  it('iframeRedirect keeps its URL and closes the others', () => {
    const overlays = new OverlayStore(overlayCatalog);
    overlays.open('account');
    overlays.open('logout');
    overlays.open('iframeRedirect', 'https://bets.example.com/mine');
    expect(overlays.redirectUrl).toBe('https://bets.example.com/mine');
    expect(overlays.stack).toHaveLength(0);
  });

  it('closes only the overlays of one name, so a late sign-in leaves a drawer opened meanwhile', () => {
    const overlays = new OverlayStore(overlayCatalog);
    overlays.open('login');
    overlays.open('account_deposit');
    overlays.open('logout');
    overlays.closeNamed('login');
    expect(overlays.stack.map((entry) => entry.definition.name)).toEqual(['account_deposit', 'logout']);
    overlays.closeNamed('logout');
    expect(overlays.stack.map((entry) => entry.definition.name)).toEqual(['account_deposit']);
  });

  it('goes back to the back target, or closes when there is none', () => {
    const overlays = new OverlayStore(overlayCatalog);
    overlays.open('account_personal-details_update-password');
    overlays.back(overlays.top!.id);
    expect(overlays.top?.definition.name).toBe('account_personal-details');
    overlays.open('login');
    overlays.back(overlays.top!.id);
    expect(overlays.stack).toHaveLength(0);
  });
});

describe('opening from the address', () => {
  it('opens reset-password with ?token= as its code and removes the parameter', () => {
    const overlays = new OverlayStore(overlayCatalog);
    const replaceState = vi.fn();
    openFromAddress(overlays, { pathname: '/', search: '?utm=x&token=abc123', hash: '#top' }, { replaceState });
    expect(overlays.top?.definition.name).toBe('reset-password');
    expect(overlays.top?.data).toEqual({ code: 'abc123' });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?utm=x#top');
  });

  it('leaves the address alone without a token', () => {
    const overlays = new OverlayStore(overlayCatalog);
    const replaceState = vi.fn();
    openFromAddress(overlays, { pathname: '/', search: '?utm=x', hash: '' }, { replaceState });
    expect(overlays.stack).toHaveLength(0);
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('removes the whole query when the token was all of it', () => {
    const replaceState = vi.fn();
    openFromAddress(
      new OverlayStore(overlayCatalog),
      { pathname: '/', search: '?token=t', hash: '' },
      { replaceState },
    );
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
  });
});
