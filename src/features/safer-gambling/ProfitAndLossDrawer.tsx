import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { saferGamblingApi } from '../../api/safer-gambling';
import { errorMessage } from '../../api/http';
import type { ProfitLossRequest } from '../../contract/safer-gambling';
import { formatPence, formatSignedPence } from '../../contract/rules/money';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { Spinner } from '../../ui/Spinner';
import { PROFIT_LOSS_PERIODS, profitLossRange, type ProfitLossPeriod } from './range';
import './safer-gambling.css';

/** account_responsible-gambling_profit-and-loss: staked, returns and the difference over a chosen period. */
export default function ProfitAndLossDrawer(_props: OverlayProps) {
  const { http } = useStores();
  const api = useMemo(() => saferGamblingApi(http), [http]);
  const [period, setPeriod] = useState<ProfitLossPeriod | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rangeError, setRangeError] = useState<string | undefined>();
  const result = useMutation({ mutationFn: (request: ProfitLossRequest) => api.profitLoss(request) });

  const ask = (chosen: ProfitLossPeriod) => {
    const outcome = profitLossRange(chosen, new Date(), from, to);
    if ('error' in outcome) {
      setRangeError(outcome.error);
      return;
    }
    setRangeError(undefined);
    result.mutate(outcome.request);
  };
  const choose = (chosen: ProfitLossPeriod) => {
    setPeriod(chosen);
    setRangeError(undefined);
    result.reset();
    if (chosen !== 'Custom') ask(chosen);
  };

  if (result.isError)
    return <ErrorScreen heading="Error" message={errorMessage(result.error)} onBack={() => result.reset()} />;
  return (
    <div className="profit-loss">
      <div className="chips" role="group" aria-label="Period">
        {PROFIT_LOSS_PERIODS.map((choice) => (
          <button
            key={choice}
            type="button"
            className="chip"
            aria-pressed={period === choice}
            onClick={() => choose(choice)}
          >
            {choice}
          </button>
        ))}
      </div>
      {period === 'Custom' && (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            ask('Custom');
          }}
        >
          <div className="profit-loss__dates">
            <Field label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
            <Field
              label="To"
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={rangeError}
            />
          </div>
          <button type="submit" className="button button--primary button--block">
            Apply
          </button>
        </form>
      )}
      {result.isPending && <Spinner />}
      {!period && <FormAlert tone="info">Choose a period to see your profit and loss.</FormAlert>}
      {result.data && (
        <dl className="profit-loss__figures" aria-label="Profit and loss" data-testid="profit-loss">
          <dt>Staked</dt>
          <dd>{formatPence(result.data.staked)}</dd>
          <dt>Returns</dt>
          <dd>{formatPence(result.data.returns)}</dd>
          <dt>+/- Profit/Loss</dt>
          <dd
            className={
              result.data.diff > 0
                ? 'amount amount--positive'
                : result.data.diff < 0
                  ? 'amount amount--negative'
                  : 'amount'
            }
            data-testid="profit-loss-diff"
          >
            {formatSignedPence(result.data.diff)}
          </dd>
        </dl>
      )}
    </div>
  );
}
