import { describe, expect, it } from 'vitest';
import { QUICK_PICKS } from '../../../src/contract/payments';
import { cleanDepositInput, depositFormSchema, isLimitExceeded } from '../../../src/features/deposit/amount';
import { canSubmitWithdraw, cleanWithdrawInput, withdrawErrorMessage } from '../../../src/features/withdraw/rules';
import { withdrawFormSchema, emptyWithdrawForm } from '../../../src/features/withdraw/form';

const depositMessage = (amount: string) => {
  const parsed = depositFormSchema.safeParse({ amount, card: 'new', storeCard: false });
  return parsed.success ? parsed.data.amount : parsed.error.issues[0]!.message;
};

describe('deposit amount', () => {
  /** What the field shows after each keystroke, as the input's filter runs on every change. */
  const typeInto = (keys: string) => [...keys].reduce((field, key) => cleanDepositInput(field + key), '');

  it('keeps pounds with at most two decimals and 5 digits of whole pounds, typed key by key', () => {
    expect(typeInto('12.50')).toBe('12.50');
    expect(typeInto('12.505')).toBe('12.50');
    expect(typeInto('1.2.3')).toBe('1.23');
    expect(typeInto('1234567')).toBe('12345');
    expect(typeInto('007')).toBe('7');
    expect(typeInto('abc')).toBe('');
    expect(typeInto('.5')).toBe('0.5');
  });

  it('keeps a pasted amount as pounds, never stripping the point', () => {
    expect(cleanDepositInput('12.50')).toBe('12.50');
    expect(cleanDepositInput('£12.50')).toBe('12.50');
    expect(cleanDepositInput(' £1,250.00 ')).toBe('1250.00');
    expect(cleanDepositInput('£20')).toBe('20');
    expect(cleanDepositInput('99.999')).toBe('99.99');
  });

  it("reads '12.50' as £12.50 (1,250 pence), typed, pasted or picked", () => {
    expect(depositMessage(typeInto('12.50'))).toBe(1_250);
    expect(depositMessage(cleanDepositInput('£12.50'))).toBe(1_250);
    expect(depositMessage(typeInto('12.5'))).toBe(1_250);
    expect(depositMessage(typeInto('5.29'))).toBe(529);
    expect(depositMessage(typeInto('10000.00'))).toBe(1_000_000);
    // The quick picks put whole pounds in the field (£5 ... £100).
    for (const pick of QUICK_PICKS) expect(depositMessage(String(pick / 100))).toBe(pick);
  });

  it('refuses anything that is not pounds with at most two decimals with the specification words', () => {
    expect(depositMessage('12.505')).toBe('Please enter a valid amount');
    expect(depositMessage('1,250')).toBe('Please enter a valid amount');
    expect(depositMessage('12a')).toBe('Please enter a valid amount');
    expect(depositMessage('4.99')).toBe('Minimum deposit is £5');
    expect(depositMessage('10000.01')).toBe('Deposits over £10,000 are not allowed');
  });

  it('sends pence and refuses amounts outside £5 to £10,000 with the specification words', () => {
    expect(depositMessage('20')).toBe(2000);
    expect(depositMessage('5')).toBe(500);
    expect(depositMessage('10000')).toBe(1_000_000);
    expect(depositMessage('4')).toBe('Minimum deposit is £5');
    expect(depositMessage('')).toBe('Minimum deposit is £5');
    expect(depositMessage('10001')).toBe('Deposits over £10,000 are not allowed');
  });

  it('recognises every limit-exceeded answer and nothing else', () => {
    expect(isLimitExceeded('Daily limit exceeded')).toBe(true);
    expect(isLimitExceeded('Monthly limit exceeded')).toBe(true);
    expect(isLimitExceeded('Card declined')).toBe(false);
    expect(isLimitExceeded(undefined)).toBe(false);
  });
});

describe('withdraw amount', () => {
  it('keeps digits with up to 2 decimals and at most 10 characters', () => {
    expect(cleanWithdrawInput('12.345', 1_000_000)).toBe('12.34');
    expect(cleanWithdrawInput('1.2.3', 1_000_000)).toBe('1.23');
    expect(cleanWithdrawInput('£7a', 1_000_000)).toBe('7');
    expect(cleanWithdrawInput('12345678901', 1e15)).toBe('1234567890');
  });

  it('is capped at the balance', () => {
    expect(cleanWithdrawInput('50', 2_050)).toBe('20.50');
    expect(cleanWithdrawInput('100', 3_000)).toBe('30');
    expect(cleanWithdrawInput('20.50', 2_050)).toBe('20.50');
    expect(cleanWithdrawInput('5', 0)).toBe('0');
  });
});

describe('withdraw submit rule', () => {
  const base = { amount: 500, userId: 7, newCard: false, agreed: false };
  it('needs a positive amount and a user id', () => {
    expect(canSubmitWithdraw(base)).toBe(true);
    expect(canSubmitWithdraw({ ...base, amount: 0 })).toBe(false);
    expect(canSubmitWithdraw({ ...base, amount: Number.NaN })).toBe(false);
    expect(canSubmitWithdraw({ ...base, userId: undefined })).toBe(false);
    expect(canSubmitWithdraw({ ...base, userId: null })).toBe(false);
  });

  it('with a new card needs the agreement too', () => {
    expect(canSubmitWithdraw({ ...base, newCard: true })).toBe(false);
    expect(canSubmitWithdraw({ ...base, newCard: true, agreed: true })).toBe(true);
  });

  it('checks the card fields only for a new card', () => {
    expect(withdrawFormSchema.safeParse({ ...emptyWithdrawForm, amount: '5', newCard: false }).success).toBe(true);
    const parsed = withdrawFormSchema.safeParse({
      ...emptyWithdrawForm,
      amount: '5',
      newCard: true,
      cardNumber: '4242',
      expiryMM: '1',
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'name: Name required',
      'expiryMM: Month required',
      'expiryYY: Year required',
      'cvv: CVV required',
    ]);
  });

  it('shows a failed security-code check in the specification words and other errors as returned', () => {
    expect(withdrawErrorMessage('Card security code check failed')).toBe(
      'Withdraw Failed - Please check your card details and try again.',
    );
    expect(withdrawErrorMessage('Insufficient funds')).toBe('Insufficient funds');
  });
});
