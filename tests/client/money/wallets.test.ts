import { describe, expect, it } from 'vitest';
import { availableWallets, FORCE_WALLETS_KEY } from '../../../src/features/deposit/wallets';

const storage = (entries: Record<string, string> = {}) =>
  ({ getItem: (name: string) => entries[name] ?? null }) as unknown as Storage;

/** A Payment Request stand-in answering canMakePayment as a browser with or without Google Pay would. */
const paymentRequest = (canPay: boolean, seen: string[] = []) =>
  class {
    constructor(methods: Array<{ supportedMethods: string }>) {
      seen.push(...methods.map((method) => method.supportedMethods));
    }
    canMakePayment() {
      return Promise.resolve(canPay);
    }
  } as unknown as typeof PaymentRequest;

describe('wallet buttons', () => {
  it('offers Apple Pay only where the browser has ApplePaySession and says it can pay', async () => {
    expect(
      await availableWallets({ localStorage: storage(), ApplePaySession: { canMakePayments: () => true } }),
    ).toEqual(['ApplePay']);
    expect(
      await availableWallets({ localStorage: storage(), ApplePaySession: { canMakePayments: () => false } }),
    ).toEqual([]);
    expect(await availableWallets({ localStorage: storage() })).toEqual([]);
  });

  it('offers Google Pay where the Payment Request API says it can show it', async () => {
    const seen: string[] = [];
    expect(await availableWallets({ localStorage: storage(), PaymentRequest: paymentRequest(true, seen) })).toEqual([
      'GooglePay',
    ]);
    expect(seen).toEqual(['https://google.com/pay']);
    expect(await availableWallets({ localStorage: storage(), PaymentRequest: paymentRequest(false) })).toEqual([]);
  });

  it('shows both when a test build is told to, whatever the browser', async () => {
    expect(await availableWallets({ localStorage: storage({ [FORCE_WALLETS_KEY]: 'on' }) })).toEqual([
      'ApplePay',
      'GooglePay',
    ]);
  });
});
