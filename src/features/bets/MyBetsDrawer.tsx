import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/registry';
import { accountApi, accountKeys } from '../../api/account';
import type { BetSummary } from '../../contract/bets';
import { formatPence } from '../../lib/money';
import { formatDateTime } from '../../lib/dates';
import { Spinner } from '../../ui/Spinner';
import { FormAlert } from '../../ui/FormAlert';
import './bets.css';

export const NO_BETS = 'You have no bets yet.';
const PRODUCT = { sportsbook: 'Sportsbook', p2p: 'Exchange', wallet: 'Other' } as const;

function BetRow({ bet }: { bet: BetSummary }) {
  return (
    <li className="bet-row">
      <div className="bet-row__head">
        <span>{PRODUCT[bet.vertical]}</span>
        <span className={`bet-row__status bet-row__status--${bet.status.toLowerCase()}`}>{bet.status}</span>
      </div>
      <p className="bet-row__meta">Placed {formatDateTime(bet.placedAt)}</p>
      <dl className="bet-row__figures">
        <div>
          <dt>Stake</dt>
          <dd>{formatPence(bet.stake)}</dd>
        </div>
        <div>
          <dt>Returns</dt>
          <dd>{bet.returns === null ? '–' : formatPence(bet.returns)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** My Bets: every sportsbook and exchange bet the customer's ledger holds, newest first. */
export default function MyBetsDrawer(_props: OverlayProps) {
  const { http } = useStores();
  const api = useMemo(() => accountApi(http), [http]);
  const bets = useQuery({ queryKey: accountKeys.bets(), queryFn: api.bets });

  if (bets.isPending) return <Spinner />;
  if (bets.isError) return <FormAlert>{bets.error.message}</FormAlert>;
  if (bets.data.length === 0) return <p className="bets-empty">{NO_BETS}</p>;
  return (
    <ul className="bets-list" aria-label="Your bets">
      {bets.data.map((bet) => (
        <BetRow key={bet.betId} bet={bet} />
      ))}
    </ul>
  );
}
