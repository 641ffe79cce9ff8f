import { describe, expect, it, vi } from 'vitest';
import { format } from 'date-fns';
import { LimitsStore, type LimitsStoreDeps } from '../../src/features/limits/LimitsStore';
import { rewordLimitError } from '../../src/features/limits/messages';
import { HttpError } from '../../src/api/http';
import type { DepositLimit, LimitsResponse, SetLimitRequest } from '../../src/contract/limits';

const NOW = new Date('2026-03-10T09:15:00').getTime();
const DAY = 24 * 3600_000;

const limit = (overrides: Partial<DepositLimit> = {}): DepositLimit => ({
  id: 1,
  kind: 'Daily',
  amount: 1000,
  active: true,
  effectiveFrom: new Date(NOW).toISOString(),
  remaining: { remainingAmount: 1000 },
  ...overrides,
});

function fakeApi(initial: LimitsResponse = { daily: null, weekly: null, monthly: null }) {
  const calls: SetLimitRequest[] = [];
  let limits = initial;
  let failWith: HttpError | undefined;
  const api: LimitsStoreDeps['api'] = {
    getLimits: async () => limits,
    setLimit: async (body) => {
      calls.push(body);
      if (failWith) throw failWith;
      const key = body.kind.toLowerCase() as 'daily';
      const existing = limits[key];
      const next =
        existing && body.amount > existing.amount
          ? { ...existing, pending: { amount: body.amount, effectiveFrom: new Date(NOW + DAY).toISOString() } }
          : limit({ kind: body.kind, amount: body.amount, remaining: { remainingAmount: body.amount } });
      limits = { ...limits, [key]: next };
      return { message: 'ok', limit: next };
    },
    deleteLimit: async () => ({ message: 'ok', effectiveFrom: new Date(NOW + DAY).toISOString() }),
  };
  return { api, calls, fail: (error?: HttpError) => (failWith = error) };
}

const store = (api: LimitsStoreDeps['api'], userId: () => number | undefined = () => 7) =>
  new LimitsStore({ api, now: () => NOW, userId });

describe('LimitsStore', () => {
  it('sends the amount in pence for the chosen period and confirms a first limit as immediate', async () => {
    const { api, calls } = fakeApi();
    const limits = store(api);
    await limits.load();
    limits.selectKind('Weekly');
    limits.setAmountInput('12.5');
    expect(limits.canSubmit).toBe(true);
    expect(await limits.submit()).toBe(true);
    expect(calls).toEqual([{ amount: 1250, kind: 'Weekly', userId: 7 }]);
    expect(limits.confirmation).toEqual({ type: 'set', text: 'New limit is £12.50 which is in effect immediately.' });
    expect(limits.limits?.weekly?.amount).toBe(1250);
  });

  it('confirms an increase as coming into effect tomorrow at the time 24 hours from now', async () => {
    const { api } = fakeApi({ daily: limit(), weekly: null, monthly: null });
    const limits = store(api);
    await limits.load();
    limits.pick(50);
    await limits.submit();
    expect(limits.confirmation?.text).toBe(
      `New limit of £50.00 will come into effect tomorrow at ${format(NOW + DAY, 'HH:mm')}`,
    );
    expect(limits.deletionTime).toBe(format(NOW + DAY, 'HH:mm'));
  });

  it('disables submit at 0 or less, and says why for a negative or unreadable amount', () => {
    const limits = store(fakeApi().api);
    expect(limits.canSubmit).toBe(false);
    limits.setAmountInput('0');
    expect(limits.canSubmit).toBe(false);
    expect(limits.error).toBe('Please enter a valid amount');
    limits.setAmountInput('-5');
    expect(limits.error).toBe('Please enter a valid amount');
    limits.setAmountInput('20');
    expect(limits.error).toBeNull();
    expect(limits.canSubmit).toBe(true);
  });

  it('refuses a daily limit above the monthly one before asking the server', async () => {
    const { api, calls } = fakeApi({ daily: null, weekly: null, monthly: limit({ kind: 'Monthly', amount: 5000 }) });
    const limits = store(api);
    await limits.load();
    limits.setAmountInput('60');
    expect(limits.error).toBe('Daily limit cannot be higher than monthly');
    expect(limits.canSubmit).toBe(false);
    expect(await limits.submit()).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('judges a daily amount typed while the limits reload against the monthly limit just set, once it arrives', async () => {
    const monthly = limit({ id: 2, kind: 'Monthly', amount: 5000, remaining: { remainingAmount: 5000 } });
    let answer: (limits: LimitsResponse) => void = () => undefined;
    const api: LimitsStoreDeps['api'] = {
      getLimits: () => new Promise((resolve) => (answer = resolve)),
      setLimit: async () => ({ message: 'ok', limit: monthly }),
      deleteLimit: async () => ({ message: 'ok', effectiveFrom: new Date(NOW).toISOString() }),
    };
    const limits = store(api);
    limits.selectKind('Monthly');
    limits.setAmountInput('50');
    const submitted = limits.submit();
    await vi.waitFor(() => expect(limits.confirmation?.type).toBe('set'));
    limits.selectKind('Daily');
    limits.setAmountInput('60');
    expect(limits.error).toBeNull();
    answer({ daily: null, weekly: null, monthly });
    expect(await submitted).toBe(true);
    expect(limits.error).toBe('Daily limit cannot be higher than monthly');
    expect(limits.canSubmit).toBe(false);
  });

  it('says when the user details are not available', async () => {
    const limits = store(fakeApi().api, () => undefined);
    limits.setAmountInput('10');
    expect(await limits.submit()).toBe(false);
    expect(limits.error).toBe('User details not available');
  });

  it("rewords the server's 'limit higher' and 'limit lower' messages", async () => {
    expect(rewordLimitError('Weekly limit higher than monthly limit')).toBe(
      'Weekly limit cannot be higher than monthly limit',
    );
    expect(rewordLimitError('Monthly limit lower than weekly limit')).toBe(
      'Monthly limit cannot be lower than weekly limit',
    );
    const { api, fail } = fakeApi();
    fail(new HttpError('Weekly limit lower than daily limit', 422));
    const limits = store(api);
    limits.selectKind('Weekly');
    limits.setAmountInput('5');
    await limits.submit();
    expect(limits.error).toBe('Weekly limit cannot be lower than daily limit');
    expect(limits.canSubmit).toBe(false);
  });

  it('resets the amount and messages when the period changes', async () => {
    const { api, fail } = fakeApi();
    fail(new HttpError('Daily limit higher than weekly limit', 422));
    const limits = store(api);
    limits.setAmountInput('5');
    await limits.submit();
    limits.selectKind('Monthly');
    expect(limits).toMatchObject({ kind: 'Monthly', amountInput: '', error: null, confirmation: null });
  });

  it('reads Skip until a limit exists or is set, then Next', async () => {
    const { api } = fakeApi();
    const limits = store(api);
    await limits.load();
    expect(limits.hasAnyLimit).toBe(false);
    limits.setAmountInput('10');
    await limits.submit();
    expect(limits.hasAnyLimit).toBe(true);
    const existing = store(fakeApi({ daily: null, weekly: null, monthly: limit({ kind: 'Monthly' }) }).api);
    await existing.load();
    expect(existing.hasAnyLimit).toBe(true);
  });

  it('joins load errors with " | " and keeps a delete failure for the modal', async () => {
    const { api } = fakeApi();
    const failing = new LimitsStore({
      api: {
        ...api,
        getLimits: async () => Promise.reject(new HttpError('Service unavailable', 503)),
        deleteLimit: async () => Promise.reject(new HttpError('Limit not found', 404)),
      },
      now: () => NOW,
      userId: () => undefined,
      userError: () => 'No user data found.',
    });
    await failing.load();
    expect(failing.loadErrors).toBe('Service unavailable | No user data found.');
    expect(await failing.deleteLimit(3)).toBe(false);
    expect(failing.deleteError).toBe('Limit not found');
  });
});
