import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { NOT_SAVED_OFFLINE } from '../../../src/features/history/pages';
import { SERVICE_UNAVAILABLE } from '../../../src/api/http';
import { StoreProvider } from '../../../src/stores/context';
import TransactionHistoryDrawer from '../../../src/features/history/TransactionHistoryDrawer';
import { callsTo, createTestRoot, demoUser, token, type Reply, type Route } from '../support/fakes';

afterEach(cleanup);

const item = (id: number, amount: number) => ({
  id,
  createdAt: '2026-03-01T10:05:00.000Z',
  amount,
  balanceOut: 10_000,
  kind: amount > 0 ? 'Deposit' : 'Withdrawal',
  vertical: 'wallet',
  betId: null,
  iqsTransactionId: null,
  reference: `r${id}`,
  cashOut: false,
});

async function renderHistory(routes: Record<string, Route | Reply>, { offline = false } = {}) {
  const test = createTestRoot({
    routes: {
      'POST /auth/login': { status: 200, body: token() },
      'GET /user/details': { status: 200, body: demoUser },
      'GET /balance': { status: 200, body: { balance: 0, currency: 'GBP' } },
      'GET /transactions/net-deposits': { status: 200, body: { netDeposits: 1_500 } },
      ...routes,
    },
  });
  test.root.queryClient.setDefaultOptions({ queries: { retry: false } });
  await test.root.session.login({ email: demoUser.email, password: 'Demo12345' });
  if (offline) test.root.network.set(false);
  const view = () => (
    <StoreProvider store={test.root}>
      <QueryClientProvider client={test.root.queryClient}>
        <TransactionHistoryDrawer />
      </QueryClientProvider>
    </StoreProvider>
  );
  const rendered = render(view());
  return { ...test, user: userEvent.setup(), remount: () => (rendered.unmount(), render(view())) };
}

describe('transaction history screen', () => {
  it('shows rows with dd/MM/yy HH:mm times, pounds and the lifetime net deposits', async () => {
    await renderHistory({ 'GET /transactions': { status: 200, body: [item(2, -500), item(1, 2_000)] } });
    const rows = await screen.findAllByTestId('transaction');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('-£5.00');
    expect(rows[1]!.textContent).toContain('£20.00');
    expect(rows[1]!.textContent).toMatch(/01\/03\/26 \d\d:05/);
    expect((await screen.findByTestId('net-deposits')).textContent).toContain('£15.00');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('labels a cash-out payment "Cash out" and other returns "Winnings"', async () => {
    const returns = (id: number, reference: string, cashOut: boolean) => ({
      ...item(id, 950),
      kind: 'Returns',
      vertical: 'sportsbook',
      betId: `bet-${id}`,
      reference,
      cashOut,
    });
    await renderHistory({
      'GET /transactions': {
        status: 200,
        body: [
          returns(3, 'Cash out', true),
          returns(2, 'Partial cash out', true),
          returns(1, 'Sportsbook returns', false),
        ],
      },
    });
    const rows = await screen.findAllByTestId('transaction');
    const labels = rows.map((row) => row.querySelector('strong')!.textContent);
    expect(labels).toEqual(['Cash out', 'Cash out', 'Winnings']);
  });

  it('a row opens to show its details', async () => {
    const { user } = await renderHistory({ 'GET /transactions': { status: 200, body: [item(2, -500)] } });
    const row = await screen.findByTestId('transaction');
    const details = row.querySelector('details')!;
    expect(details.open).toBe(false);
    await user.click(row.querySelector('summary')!);
    expect(details.open).toBe(true);
    expect(screen.getByTestId('transaction-details').textContent).toBe('Transaction ID2Referencer2');
  });

  it('says when loading fails, and when there is nothing in the period', async () => {
    await renderHistory({
      'GET /transactions': (_body, { url }) =>
        url.searchParams.get('kind') ? { status: 200, body: [] } : { status: 500, body: { message: 'Boom' } },
    });
    expect(await screen.findByText('Failed to load transactions.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('There are no transactions during this time')).toBeTruthy();
  });

  it('offline with nothing saved says so at once, with Try again, instead of a spinner that never ends', async () => {
    onlineManager.setOnline(false);
    try {
      await renderHistory({ 'GET /transactions': { status: 200, body: [] } }, { offline: true });
      const notice = await screen.findByTestId('history-error');
      expect(notice.textContent).toContain('Failed to load transactions.');
      expect(notice.textContent).toContain(NOT_SAVED_OFFLINE);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.queryByText('Loading transactions')).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('with the server unreachable and nothing saved, says the service is unavailable rather than Network Error', async () => {
    await renderHistory({ 'GET /transactions': () => new TypeError('Failed to fetch') });
    const notice = await screen.findByTestId('history-error');
    expect(notice.textContent).toContain(SERVICE_UNAVAILABLE);
    expect(notice.textContent).not.toContain('Network Error');
  });

  it('a custom range with To before From is refused without a request', async () => {
    const { user, fetch } = await renderHistory({ 'GET /transactions': { status: 200, body: [] } });
    await screen.findByText('There are no transactions during this time');
    const before = callsTo(fetch, 'GET /transactions').length;
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    await user.type(screen.getByLabelText('From'), '2026-03-02');
    expect(screen.getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText("'To' date cannot be before 'From' date.")).toBeTruthy();
    expect(callsTo(fetch, 'GET /transactions').length).toBe(before);
  });

  it('offline, shows the pages saved on this device, marked as saved', async () => {
    const { root, remount } = await renderHistory({ 'GET /transactions': { status: 200, body: [item(1, 2_000)] } });
    await screen.findAllByTestId('transaction');
    act(() => root.network.set(false));
    root.queryClient.clear();
    remount();
    expect((await screen.findAllByTestId('transaction')).length).toBe(1);
    expect(await screen.findByText(/Saved on this device/)).toBeTruthy();
  });
});
