import type { Wallet } from '../../contract/payments';

/** Browser tests set this in localStorage (test builds only) to show both wallet buttons whatever the browser offers. */
export const FORCE_WALLETS_KEY = 'exsport:test:wallets';
const testHooks = import.meta.env.DEV || import.meta.env.VITE_TEST_HOOKS === 'true';

const GOOGLE_PAY_METHOD = 'https://google.com/pay';
const GOOGLE_PAY_REQUEST = {
  apiVersion: 2,
  apiVersionMinor: 0,
  allowedPaymentMethods: [
    {
      type: 'CARD',
      parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['VISA', 'MASTERCARD'] },
    },
  ],
};

type WalletWindow = Pick<Window, 'localStorage'> & {
  ApplePaySession?: { canMakePayments?: () => boolean };
  PaymentRequest?: typeof PaymentRequest;
};

/**
 * The wallets this browser can show: Apple Pay where it has ApplePaySession (and says it can pay), Google Pay where
 * the Payment Request API says it can show it. The card form is always offered besides.
 */
export async function availableWallets(browser: WalletWindow = window): Promise<Wallet[]> {
  if (testHooks && browser.localStorage.getItem(FORCE_WALLETS_KEY) === 'on') return ['ApplePay', 'GooglePay'];
  const wallets: Wallet[] = [];
  try {
    if (browser.ApplePaySession && (browser.ApplePaySession.canMakePayments?.() ?? true)) wallets.push('ApplePay');
  } catch {
    // Apple Pay refuses outside a secure context: not offered.
  }
  if (typeof browser.PaymentRequest === 'function') {
    try {
      const request = new browser.PaymentRequest([{ supportedMethods: GOOGLE_PAY_METHOD, data: GOOGLE_PAY_REQUEST }], {
        total: { label: 'Deposit', amount: { currency: 'GBP', value: '0.00' } },
      });
      if (await request.canMakePayment()) wallets.push('GooglePay');
    } catch {
      // No Google Pay in this browser: the card form is still there.
    }
  }
  return wallets;
}
