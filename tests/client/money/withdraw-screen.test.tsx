import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { StoreProvider } from '../../../src/stores/context';
import WithdrawDrawer from '../../../src/features/withdraw/WithdrawDrawer';
import { PENDING_OFFLINE } from '../../../src/features/withdraw/Payments';
import { SERVICE_UNAVAILABLE } from '../../../src/api/http';
import { callsTo, createTestRoot, type Reply, type Route } from '../support/fakes';

afterEach(cleanup);

const savedCard = { status: 200, body: { maskedPan: '**** **** **** 4242', userId: 7 } };
const noCard = { status: 200, body: { maskedPan: null, userId: 7 } };
const payment = (paymentId: string, status: string, chips: number, error: string | null = null) => ({
  paymentId,
  kind: 'Withdrawal',
  status,
  chips,
  maskedPan: '**** 4242',
  error,
  lastUpdatedAt: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
});

function renderWithdraw(routes: Record<string, Route | Reply>, { offline = false } = {}) {
  const test = createTestRoot({ routes: { 'GET /payments': { status: 200, body: [] }, ...routes } });
  test.root.balance.set(5_000);
  if (offline) test.root.network.set(false);
  test.root.queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <StoreProvider store={test.root}>
      <QueryClientProvider client={test.root.queryClient}>
        <WithdrawDrawer />
      </QueryClientProvider>
    </StoreProvider>,
  );
  return { ...test, user: userEvent.setup() };
}

const submit = () => screen.findByRole('button', { name: 'Withdraw' });

describe('withdraw screen', () => {
  it('withdraws to the saved card with the amount only, and shows Withdraw Pending', async () => {
    const { user, fetch } = renderWithdraw({
      'GET /card': savedCard,
      'POST /withdraw': { status: 200, body: { paymentId: 'w1', status: 'Open', error: null, balance: 4_500 } },
    });
    expect(await screen.findByTestId('withdraw-saved-card')).toBeTruthy();
    expect(screen.getByText('Withdraw to')).toBeTruthy();
    expect((await submit()).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: '£5' }));
    await user.click(await submit());
    expect(await screen.findByRole('heading', { name: 'Withdraw Pending' })).toBeTruthy();
    const [call] = callsTo(fetch, 'POST /withdraw');
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({ amount: 500 });
    expect(screen.getByTestId('withdraw-balance').textContent).toBe('£45.00');
  });

  it('withdraws to a card deposited from by choosing it: no card number, its security code only where asked', async () => {
    const cardId = '7f1c2b1e-4c7a-4f7e-9d55-2f8b1c3d4e5f';
    const { user, fetch } = renderWithdraw({
      'GET /card': noCard,
      'GET /payout_cards': {
        status: 200,
        body: [
          {
            cardId: 'a1b2c3d4-0000-4000-8000-000000000001',
            maskedPan: '**** **** **** 5556',
            method: 'GooglePay',
            saved: false,
            securityCodeRequired: false,
          },
          { cardId, maskedPan: '**** **** **** 4242', method: 'Card', saved: false, securityCodeRequired: true },
        ],
      },
      'POST /withdraw': { status: 200, body: { paymentId: 'w1', status: 'Open', error: null, balance: 4_500 } },
    });
    expect(await screen.findByLabelText('**** **** **** 5556 (Google Pay)')).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByLabelText('Security code')).toBeNull();
    await user.click(screen.getByLabelText('**** **** **** 4242'));
    await user.click(screen.getByRole('button', { name: '£5' }));
    await user.click(await submit());
    expect(await screen.findByText('CVV required')).toBeTruthy();
    expect(callsTo(fetch, 'POST /withdraw')).toHaveLength(0);
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(await submit());
    expect(await screen.findByRole('heading', { name: 'Withdraw Pending' })).toBeTruthy();
    const [call] = callsTo(fetch, 'POST /withdraw');
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({ amount: 500, cardId, securityCode: '123' });
  });

  it('offers the full card form with its agreement only for a new card', async () => {
    const { user } = renderWithdraw({
      'GET /card': savedCard,
      'GET /payout_cards': {
        status: 200,
        body: [
          {
            cardId: 'a1b2c3d4-0000-4000-8000-000000000001',
            maskedPan: '**** **** **** 4242',
            method: 'Card',
            saved: true,
            securityCodeRequired: false,
          },
        ],
      },
    });
    expect(await screen.findByLabelText('**** **** **** 4242 (saved)')).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('I agree to my card details being stored for withdrawals')).toBeNull();
    await user.click(screen.getByLabelText('A new card'));
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(screen.getByLabelText('I agree to my card details being stored for withdrawals')).toBeTruthy();
  });

  it('a card that cannot be loaded gives the Error screen with Retry, as the deposit screen does', async () => {
    let fail = true;
    const { user } = renderWithdraw({
      'GET /card': () => (fail ? { status: 400, body: { message: 'Card service refused' } } : savedCard),
    });
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Card service refused');
    expect(screen.queryByLabelText('Withdraw amount (£)')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('withdraw-saved-card')).toBeTruthy();
    expect(screen.getByTestId('withdraw-balance').textContent).toBe('£50.00');
  });

  it('says why Withdraw is off, and each card field says what is wrong when it is left', async () => {
    const { user } = renderWithdraw({ 'GET /card': noCard });
    await screen.findByLabelText('Name on card');
    // Before any card is typed: only a card deposited from can be paid (the server refuses any other).
    expect(screen.getByTestId('withdraw-card-rule').textContent).toBe(
      'Withdrawals go back to a card you have deposited from, in your name.',
    );
    const button = await submit();
    expect(button.hasAttribute('disabled')).toBe(true);
    const blockers = screen.getByTestId('withdraw-blockers');
    expect(button.getAttribute('aria-describedby')).toBe(blockers.id);
    expect([...blockers.querySelectorAll('p')].map((item) => item.textContent)).toEqual([
      'Enter an amount to withdraw.',
      'Tick the box to agree to your card details being stored.',
    ]);
    await user.type(screen.getByLabelText('Withdraw amount (£)'), '10');
    await user.click(screen.getByLabelText('Card number'));
    await user.tab();
    expect(await screen.findByText('Card number required')).toBeTruthy();
    expect([...screen.getByTestId('withdraw-blockers').querySelectorAll('p')].map((item) => item.textContent)).toEqual([
      'Tick the box to agree to your card details being stored.',
    ]);
  });

  it('says so when the amount typed is above the balance and is set to the balance', async () => {
    const { user } = renderWithdraw({ 'GET /card': savedCard });
    const amount = await screen.findByLabelText('Withdraw amount (£)');
    await user.type(amount, '75');
    expect((amount as HTMLInputElement).value).toBe('50');
    expect(
      screen.getByText('You can withdraw at most your balance, £50.00; the amount has been set to that.'),
    ).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '20');
    expect(screen.queryByText(/You can withdraw at most your balance/)).toBeNull();
  });

  it('with a new card needs the agreement, and a failed security code shows the specification message', async () => {
    const { user, fetch } = renderWithdraw({
      'GET /card': savedCard,
      'POST /withdraw': { status: 422, body: { message: 'Card security code check failed' } },
    });
    await user.click(await screen.findByRole('button', { name: 'change card' }));
    await user.type(screen.getByLabelText('Withdraw amount (£)'), '12.5');
    await user.type(screen.getByLabelText('Name on card'), 'Pat Tester');
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry month (MM)'), '12');
    await user.type(screen.getByLabelText('Expiry year (YY)'), '30');
    await user.type(screen.getByLabelText('Security code'), '000');
    expect((await submit()).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByLabelText('I agree to my card details being stored for withdrawals'));
    await user.click(await submit());
    expect(await screen.findByText('Withdraw Failed - Please check your card details and try again.')).toBeTruthy();
    const [call] = callsTo(fetch, 'POST /withdraw');
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({
      amount: 1250,
      cardInfo: { expiryDate: '12/30', pan: '4242424242424242', securityCode: '000' },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('Withdraw amount (£)')).toBeTruthy();
  });

  it('shows card field messages for a new card left empty', async () => {
    const { user, fetch } = renderWithdraw({ 'GET /card': noCard });
    await user.type(await screen.findByLabelText('Withdraw amount (£)'), '5');
    await user.click(screen.getByLabelText('I agree to my card details being stored for withdrawals'));
    await user.click(await submit());
    for (const message of ['Name required', 'Card number required', 'Month required', 'Year required', 'CVV required'])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(callsTo(fetch, 'POST /withdraw')).toHaveLength(0);
  });

  it('lists open withdrawals as pending and the rest as past payments with status and error', async () => {
    renderWithdraw({
      'GET /card': savedCard,
      'GET /payments': (_body, { url }) =>
        url.searchParams.get('status') === 'Open'
          ? { status: 200, body: [payment('w2', 'Open', 700)] }
          : { status: 200, body: [payment('w2', 'Open', 700), payment('w1', 'Rejected', 300, 'Card closed')] },
    });
    const pending = await screen.findAllByTestId('pending-withdrawal');
    expect(pending.map((row) => row.textContent)).toEqual([expect.stringContaining('£7.00')]);
    const past = await screen.findAllByTestId('past-payment');
    expect(past).toHaveLength(1);
    expect(past[0]!.textContent).toContain('Rejected');
    expect(past[0]!.textContent).toContain('Card closed');
  });

  it('says when pending withdrawals cannot be loaded', async () => {
    renderWithdraw({
      'GET /card': savedCard,
      'GET /payments': { status: 500, body: { message: 'Database unavailable' } },
    });
    const notice = await screen.findByTestId('pending-withdrawals-error');
    expect(notice.textContent).toContain('Error loading pending withdrawals');
    expect(notice.textContent).toContain('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offline, does not claim there are no pending withdrawals when it simply cannot ask', async () => {
    renderWithdraw({ 'GET /card': savedCard }, { offline: true });
    expect((await screen.findByTestId('pending-withdrawals-unknown')).textContent).toBe(PENDING_OFFLINE);
    expect(screen.queryByText('No pending withdrawals')).toBeNull();
  });

  it('with the server unreachable, says the service is unavailable instead of Network Error', async () => {
    renderWithdraw({ 'GET /card': savedCard, 'GET /payments': () => new TypeError('Failed to fetch') });
    const notice = await screen.findByTestId('pending-withdrawals-error');
    expect(notice.textContent).toContain(SERVICE_UNAVAILABLE);
    expect(notice.textContent).not.toContain('Network Error');
  });

  it('offline, says withdrawals need a connection and cannot be submitted', async () => {
    const { user, root, fetch } = renderWithdraw({ 'GET /card': savedCard });
    await screen.findByTestId('withdraw-saved-card');
    act(() => root.network.set(false));
    expect(await screen.findByText('You are offline. Withdrawals need a connection.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '£5' }));
    expect((await submit()).hasAttribute('disabled')).toBe(true);
    expect(callsTo(fetch, 'POST /withdraw')).toHaveLength(0);
  });
});
