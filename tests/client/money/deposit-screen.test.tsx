import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { StoreProvider } from '../../../src/stores/context';
import { DepositForm } from '../../../src/features/deposit/DepositForm';
import RegisterDepositDrawer from '../../../src/features/deposit/RegisterDepositDrawer';
import { callsTo, createTestRoot, token, type Reply, type Route } from '../support/fakes';
import { runInAction } from 'mobx';
import { toStoredToken } from '../../../src/stores/SessionStore';
import { SERVICE_UNAVAILABLE } from '../../../src/api/http';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const savedCard = { status: 200, body: { maskedPan: '**** **** **** 4242', userId: 7 } };
const noCard = { status: 200, body: { maskedPan: null, userId: 7 } };
const completed = (balance: number) => ({
  status: 200,
  body: { paymentId: 'p1', status: 'Completed', error: null, balance },
});

function renderDeposit(routes: Record<string, Route | Reply>) {
  const test = createTestRoot({
    routes: { 'GET /balance': { status: 200, body: { balance: 1000, currency: 'GBP' } }, ...routes },
  });
  render(
    <StoreProvider store={test.root}>
      <QueryClientProvider client={test.root.queryClient}>
        <DepositForm />
      </QueryClientProvider>
    </StoreProvider>,
  );
  return { ...test, user: userEvent.setup() };
}

const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];
const depositButton = () => screen.findByRole('button', { name: 'Deposit' });

describe('deposit screen', () => {
  it('retries a deposit whose answer was lost with the same Idempotency-Key, and shows the new balance', async () => {
    let serverBalance = 1000;
    const replies: Array<() => Reply> = [
      () => new TypeError('Failed to fetch'),
      () => ((serverBalance = 3000), completed(3000)),
    ];
    const { user, fetch, db } = renderDeposit({
      'GET /card': savedCard,
      'POST /deposit_js': () => replies.shift()!(),
      'GET /balance': () => ({ status: 200, body: { balance: serverBalance, currency: 'GBP' } }),
    });
    await user.click(await screen.findByRole('button', { name: '£20' }));
    await user.click(await depositButton());
    expect(await screen.findByText(SERVICE_UNAVAILABLE)).toBeTruthy();
    expect(await db.pendingSubmissions.count()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Deposit Successful' })).toBeTruthy();
    expect(screen.getByTestId('deposit-new-balance').textContent).toBe('£30.00');
    const calls = callsTo(fetch, 'POST /deposit_js');
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[0]!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(calls[1]!)).toBe(keyOf(calls[0]!));
    expect(JSON.parse(String((calls[0]![1] as RequestInit).body))).toEqual({ amount: 2000 });
    expect(await db.pendingSubmissions.count()).toBe(0);
  });

  it('refuses amounts out of range before anything is sent', async () => {
    const { user, fetch } = renderDeposit({ 'GET /card': savedCard });
    const amount = await screen.findByLabelText('Deposit amount (£)');
    // Pounds and pence as typed: '4.99' is £4.99, under the minimum (it was once read as £499).
    await user.type(amount, '4.99');
    expect((amount as HTMLInputElement).value).toBe('4.99');
    await user.click(await depositButton());
    expect(await screen.findByText('Minimum deposit is £5')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '123456');
    await user.click(await depositButton());
    expect(await screen.findByText('Deposits over £10,000 are not allowed')).toBeTruthy();
    expect(callsTo(fetch, 'POST /deposit_js')).toHaveLength(0);
  });

  it('shows the limit screen for a limit refusal, whose Deposit Limits button opens the limits drawer', async () => {
    const { user, root } = renderDeposit({
      'GET /card': savedCard,
      'POST /deposit_js': { status: 422, body: { message: 'Weekly limit exceeded' } },
    });
    await user.click(await screen.findByRole('button', { name: '£50' }));
    await user.click(await depositButton());
    expect(await screen.findByText('This amount will take you over your set deposit limit')).toBeTruthy();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Deposit Failed']);
    await user.click(screen.getByRole('button', { name: 'Deposit Limits' }));
    expect(root.overlays.isOpen('account_responsible-gambling_deposit-limits')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('Deposit amount (£)')).toBeTruthy();
  });

  it("says on the limit screen how much may still be deposited and when, in the server's figures", async () => {
    const { user } = renderDeposit({
      'GET /card': savedCard,
      'POST /deposit_js': {
        status: 422,
        body: {
          message: 'Daily limit exceeded. You can deposit up to £4.00 now; more from 2 Jun 2026, 13:00 (UK time).',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '£50' }));
    await user.click(await depositButton());
    expect((await screen.findByTestId('deposit-limit-headroom')).textContent).toBe(
      'You can deposit up to £4.00 now; more from 2 Jun 2026, 13:00 (UK time).',
    );
  });

  it('shows the failed-payment screen for a declined card, and Try Again goes back to the form', async () => {
    const { user } = renderDeposit({
      'GET /card': savedCard,
      'POST /deposit_js': {
        status: 200,
        body: { paymentId: 'p1', status: 'Failed', error: 'Card declined', balance: 1000 },
      },
    });
    await user.click(await screen.findByRole('button', { name: '£5' }));
    await user.click(await depositButton());
    expect(
      await screen.findByText(
        'Sorry there was a problem with your deposit. Please try again or contact customer services',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Deposit Failed' })).toBeTruthy();
    expect(screen.getByTestId('deposit-failed-reason').textContent).toBe('Reason: Card declined');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Deposit amount (£)')).toBeTruthy();
  });

  it('says so when the payment window is blocked, and sends nothing', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, fetch } = renderDeposit({ 'GET /card': noCard });
    await user.click(await screen.findByRole('button', { name: '£10' }));
    await user.click(await depositButton());
    expect(await screen.findByText('Popup was blocked.')).toBeTruthy();
    expect(callsTo(fetch, 'GET /deposit_form')).toHaveLength(0);
  });

  it('opens the provider page with the parent origin and trusts only the provider origin', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user, fetch } = renderDeposit({
      'GET /card': noCard,
      'GET /deposit_form': {
        status: 200,
        body: { paymentForm: 'http://127.0.0.1:8090/card-payment?payment=p1', paymentId: 'p1' },
      },
    });
    await user.click(await screen.findByRole('button', { name: '£20' }));
    await user.click(screen.getByLabelText('Save this card for future deposits'));
    await user.click(await depositButton());
    await waitFor(() => expect(popup.location.href).toContain('parentOrigin='));
    expect(new URL(popup.location.href).searchParams.get('parentOrigin')).toBe(window.location.origin);
    const query = new URL(String(callsTo(fetch, 'GET /deposit_form')[0]![0])).searchParams;
    expect(Object.fromEntries(query)).toEqual({ amount: '2000', storeCard: 'true' });

    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', { data: { status: 'success' }, origin: 'http://evil.example' }),
        ),
    );
    expect(screen.queryByRole('heading', { name: 'Deposit Successful' })).toBeNull();
    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', { data: { status: 'success' }, origin: 'http://127.0.0.1:8090' }),
        ),
    );
    expect(await screen.findByRole('heading', { name: 'Deposit Successful' })).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
  });

  it('offline, says deposits need a connection and cannot be submitted', async () => {
    const { user, root, fetch } = renderDeposit({ 'GET /card': savedCard });
    await screen.findByLabelText('Deposit amount (£)');
    act(() => root.network.set(false));
    expect(await screen.findByText('You are offline. Deposits need a connection.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '£20' }));
    expect((await depositButton()).hasAttribute('disabled')).toBe(true);
    expect(callsTo(fetch, 'POST /deposit_js')).toHaveLength(0);
  });

  it('register_deposit shows the form under the Registration Complete banner, whose Close closes the drawer', async () => {
    const test = createTestRoot({ routes: { 'GET /card': noCard } });
    test.root.overlays.open('register_deposit');
    render(
      <StoreProvider store={test.root}>
        <QueryClientProvider client={test.root.queryClient}>
          <RegisterDepositDrawer />
        </QueryClientProvider>
      </StoreProvider>,
    );
    expect(screen.getByText('Registration Complete')).toBeTruthy();
    expect(await screen.findByLabelText('Deposit amount (£)')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(test.root.overlays.isOpen('register_deposit')).toBe(false);
  });
});

describe('deposit limit headroom', () => {
  it('shows what the tightest active limit leaves before submitting, and warns when the amount is more', async () => {
    const limit = (kind: string, amount: number, remaining: number) => ({
      id: kind.length,
      kind,
      amount,
      active: true,
      effectiveFrom: '2026-01-01T00:00:00.000Z',
      remaining: { remainingAmount: remaining },
    });
    const test = createTestRoot({
      routes: {
        'GET /balance': { status: 200, body: { balance: 1000, currency: 'GBP' } },
        'GET /card': noCard,
        'GET /responsible-gambling/get-limits': {
          status: 200,
          body: { daily: limit('Daily', 5_000, 3_500), weekly: limit('Weekly', 20_000, 12_000), monthly: null },
        },
      },
    });
    runInAction(() => {
      test.root.session.token = toStoredToken(token(), Date.now());
    });
    render(
      <StoreProvider store={test.root}>
        <QueryClientProvider client={test.root.queryClient}>
          <DepositForm />
        </QueryClientProvider>
      </StoreProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('£35.00 left under your daily deposit limit.')).toBeTruthy();
    await user.type(screen.getByLabelText('Deposit amount (£)'), '50');
    expect(
      await screen.findByText('This is more than the £35.00 your daily deposit limit leaves, so it would be refused.'),
    ).toBeTruthy();
  });
});
