import { useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { transactionsApi } from '../../api/transactions';
import { TRANSACTION_FILTERS } from '../../contract/transactions';
import { formatDateTime } from '../../lib/dates';
import { formatPence } from '../../contract/rules/money';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { RetryNotice } from '../../ui/RetryNotice';
import { errorMessage } from '../../api/http';
import {
  TIME_CHIPS,
  customRange,
  customRangeError,
  hasBothDates,
  historyKeys,
  historyQuery,
  nextPrevId,
  presetRange,
  type FilterLabel,
  type TimeChip,
  type TimeRange,
} from './query';
import { loadHistoryPage } from './pages';
import { TransactionRow } from './TransactionRow';
import { P2pMarkets } from './P2pMarkets';
import './history.css';

const NO_TRANSACTIONS = 'There are no transactions during this time';
const LOAD_FAILED = 'Failed to load transactions.';

/** account_transaction-history: filter and time chips, pages of 20 with Load More, saved pages offline. */
export default observer(function TransactionHistoryDrawer() {
  const { http, db, session, network } = useStores();
  const api = useMemo(() => transactionsApi(http), [http]);
  const userId = session.user?.id;
  const [filter, setFilter] = useState<FilterLabel>('All');
  const [timeChip, setTimeChip] = useState<TimeChip>('Lifetime');
  const [range, setRange] = useState<TimeRange>(() => presetRange('Lifetime', new Date()));
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');
  const [customError, setCustomError] = useState<string | undefined>();

  const query = historyQuery(filter, range);
  const history = useInfiniteQuery({
    queryKey: historyKeys.list(userId ?? 0, query),
    enabled: userId !== undefined,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      loadHistoryPage(
        { api, pages: db.transactionPages, online: () => network.online, now: Date.now },
        userId!,
        query,
        pageParam,
        signal,
      ),
    getNextPageParam: (page) => nextPrevId(page.items),
    retry: false,
    // Offline the loader answers from the saved pages (or says there are none): never park the query waiting for a network.
    networkMode: 'always',
  });
  const net = useQuery({
    queryKey: historyKeys.netDeposits(userId ?? 0),
    queryFn: api.netDeposits,
    enabled: userId !== undefined && network.online,
  });

  const chooseTime = (chip: TimeChip) => {
    setTimeChip(chip);
    setCustomError(undefined);
    if (chip !== 'Custom') setRange(presetRange(chip, new Date()));
  };
  const applyCustom = () => {
    const error = customRangeError(customFrom, customTo);
    setCustomError(error);
    if (!error && hasBothDates(customFrom, customTo)) setRange(customRange(customFrom, customTo));
  };

  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const savedAt = history.data?.pages.find((page) => page.savedAt !== null)?.savedAt;

  return (
    <div className="history">
      {net.data && (
        <p className="history__net" data-testid="net-deposits">
          Lifetime net deposits: <strong>{formatPence(net.data.netDeposits)}</strong>
        </p>
      )}
      <div className="history__filters">
        <fieldset className="chip-group">
          <legend className="chip-group__label">Transaction type</legend>
          <div className="chips">
            {TRANSACTION_FILTERS.map(({ label }) => (
              <button
                key={label}
                type="button"
                className="chip"
                aria-pressed={filter === label}
                onClick={() => setFilter(label)}
              >
                {label}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className="chip-group">
          <legend className="chip-group__label">Time period</legend>
          <div className="chips">
            {TIME_CHIPS.map((chip) => (
              <button
                key={chip}
                type="button"
                className="chip"
                aria-pressed={timeChip === chip}
                onClick={() => chooseTime(chip)}
              >
                {chip}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      {timeChip === 'Custom' && (
        <div className="history__custom">
          <Field label="From" type="date" value={customFrom} onChange={(event) => setCustomFrom(event.target.value)} />
          <Field
            label="To"
            type="date"
            value={customTo}
            onChange={(event) => setCustomTo(event.target.value)}
            error={customError}
          />
          <button
            type="button"
            className="button button--primary"
            disabled={!hasBothDates(customFrom, customTo)}
            onClick={applyCustom}
          >
            Apply
          </button>
        </div>
      )}
      {filter === 'P2P Bets' && userId !== undefined && network.online && <P2pMarkets api={api} userId={userId} />}
      {savedAt != null && (
        <FormAlert tone="info">Saved on this device {formatDateTime(savedAt)}; you are offline.</FormAlert>
      )}
      {history.isPending ? (
        <Spinner label="Loading transactions" />
      ) : history.isError && !items.length ? (
        <RetryNotice
          title={LOAD_FAILED}
          message={errorMessage(history.error)}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
          testId="history-error"
        />
      ) : !items.length ? (
        <p className="history__empty">{NO_TRANSACTIONS}</p>
      ) : (
        <ul className="history__list" aria-label="Transactions">
          {items.map((item) => (
            <TransactionRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {history.isFetchNextPageError && <RetryNotice title={LOAD_FAILED} message={errorMessage(history.error)} />}
      {history.hasNextPage && (
        <button
          type="button"
          className="button button--block"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading...' : 'Load More'}
        </button>
      )}
    </div>
  );
});
