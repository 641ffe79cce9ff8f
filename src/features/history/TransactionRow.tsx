import type { TransactionItem } from '../../contract/transactions';
import { formatDateTime } from '../../lib/dates';
import { formatPence } from '../../contract/rules/money';

const KIND_LABELS: Record<TransactionItem['kind'], string> = {
  Deposit: 'Deposit',
  Withdrawal: 'Withdrawal',
  Stake: 'Stake',
  Returns: 'Winnings',
  Refund: 'Refund',
  Adjustment: 'Adjustment',
  'Exchange hold': 'Exchange hold',
  'Exchange release': 'Exchange release',
};
const VERTICAL_LABELS: Record<TransactionItem['vertical'], string> = {
  sportsbook: 'Sportsbook',
  p2p: 'P2P Bets',
  wallet: 'Wallet',
};

/** One ledger row: what, when, the signed amount and the balance after it; it opens to show its details. */
export function TransactionRow({ item }: { item: TransactionItem }) {
  return (
    <li data-testid="transaction">
      <details className="history__row">
        <summary className="history__item">
          <span className="history__what">
            <strong>{item.cashOut ? 'Cash out' : KIND_LABELS[item.kind]}</strong>{' '}
            <span className="field__hint">{VERTICAL_LABELS[item.vertical]}</span>
          </span>
          <span className={item.amount < 0 ? 'history__amount history__amount--out' : 'history__amount'}>
            {formatPence(item.amount)}
          </span>
          <time className="history__when" dateTime={item.createdAt}>
            {formatDateTime(item.createdAt)}
          </time>
          <span className="history__balance">Balance {formatPence(item.balanceOut)}</span>
        </summary>
        <dl className="history__details" data-testid="transaction-details">
          <dt>Transaction ID</dt>
          <dd>{item.id}</dd>
          <dt>Reference</dt>
          <dd>{item.reference}</dd>
          {item.betId && (
            <>
              <dt>Bet ID</dt>
              <dd>{item.betId}</dd>
            </>
          )}
        </dl>
      </details>
    </li>
  );
}
