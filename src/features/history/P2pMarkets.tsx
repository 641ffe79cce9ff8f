import { useQuery } from '@tanstack/react-query';
import type { P2pMarketItem } from '../../contract/transactions';
import type { TransactionsApi } from '../../api/transactions';
import { formatPence } from '../../contract/rules/money';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../api/http';
import { Spinner } from '../../ui/Spinner';
import { RetryNotice } from '../../ui/RetryNotice';
import { historyKeys } from './query';

/** The exchange's market names by their id's type key (docs/exchange.md, "The core": `<eventId>~<key>`). */
function p2pMarketName(marketId: string): string {
  const key = marketId.slice(marketId.lastIndexOf('~') + 1);
  const overUnder = /^over-under-(\d+\.5)$/.exec(key);
  if (overUnder) return `Over/Under ${overUnder[1]} Goals`;
  const names: Record<string, string> = {
    'match-odds': 'Match Odds',
    'both-teams-to-score': 'Both Teams to Score?',
    'correct-score': 'Correct Score',
  };
  return names[key] ?? key;
}

function result(item: P2pMarketItem): { text: string; tone: 'won' | 'lost' | 'open' } {
  if (item.profit === null) return { text: `Open, ${formatPence(item.staked)} held`, tone: 'open' };
  if (item.profit >= 0) return { text: `Profit ${formatPence(item.profit)}`, tone: 'won' };
  return { text: `Loss ${formatPence(item.profit)}`, tone: 'lost' };
}

/** P2P Bets: each exchange market's profit or loss after commission, above its postings. */
export function P2pMarkets({ api, userId }: { api: Pick<TransactionsApi, 'p2pMarkets'>; userId: number }) {
  const markets = useQuery({ queryKey: historyKeys.p2pMarkets(userId), queryFn: api.p2pMarkets, retry: false });
  if (markets.isPending) return <Spinner label="Loading your exchange bets" />;
  if (markets.isError)
    return (
      <RetryNotice
        title="Failed to load your exchange bets."
        message={errorMessage(markets.error)}
        onRetry={() => void markets.refetch()}
        retrying={markets.isFetching}
      />
    );
  if (markets.data.length === 0) return null;
  return (
    <section className="history__p2p" aria-labelledby="p2p-markets-title">
      <h3 id="p2p-markets-title">Exchange bets by market</h3>
      <ul className="history__list">
        {markets.data.map((item) => {
          const { text, tone } = result(item);
          return (
            <li key={item.marketId} className="history__item" data-testid="p2p-market">
              <span className="history__what">
                <strong>
                  {item.eventName ? `${item.eventName} · ` : ''}
                  {p2pMarketName(item.marketId)}
                </strong>{' '}
                <span className="field__hint">Staked {formatPence(item.staked)}</span>
              </span>
              <span className={`history__amount history__amount--${tone}`}>{text}</span>
              <time className="history__when" dateTime={item.settledAt ?? item.openedAt}>
                {item.settledAt ? `Settled ${formatDateTime(item.settledAt)}` : formatDateTime(item.openedAt)}
              </time>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
