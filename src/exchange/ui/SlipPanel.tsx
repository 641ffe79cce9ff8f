import { useEffect, useRef } from 'react';
import { useExchange } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { HoldCountdown } from '../../ui/HoldCountdown';
import { COMMISSION_TEXT } from '../../contract/exchange-rules';
import { tickDown, tickUp } from '../../contract/exchange-ladder';
import type { Answer } from '../stores/answers';
import { money, priceText } from './format';
import { RulesLink } from './RulesLink';

/** The order slip: side, runner and price from the ladder, the stake, the figures before placing, then the answer. */
export function SlipPanel() {
  const { slip, network, session } = useExchange();
  useWatch(slip, network, session);
  const amount = useRef<HTMLInputElement>(null);
  const choice = slip.choice;
  const chosenKey = choice ? `${choice.marketId}|${choice.selectionId}|${choice.side}` : '';

  // A tap on the ladder takes the keyboard to the stake, where the next thing to do is.
  useEffect(() => {
    if (chosenKey && !slip.locked) amount.current?.focus();
  }, [chosenKey]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!choice) {
    return (
      <section className="slip slip--empty" aria-labelledby="slip-title">
        <h2 id="slip-title">Order slip</h2>
        <p>Tap a price to back (blue) or lay (pink).</p>
      </section>
    );
  }
  const lay = choice.side === 'lay';
  const verb = lay ? 'Lay' : 'Back';
  const amountLabel = lay && slip.layInput === 'liability' ? 'Liability (£)' : lay ? "Backer's stake (£)" : 'Stake (£)';
  return (
    <section className={`slip slip--${choice.side}`} aria-labelledby="slip-title">
      <div className="slip__head">
        <h2 id="slip-title">
          {verb} {choice.runnerName}
        </h2>
        <button type="button" className="link-button" onClick={() => slip.clear()} disabled={slip.locked}>
          Clear
        </button>
      </div>
      <div className="slip__inputs">
        <div className="slip__price">
          <button
            type="button"
            className="tick"
            aria-label="Lower odds by one tick"
            disabled={slip.locked || tickDown(choice.price) === null}
            onClick={() => slip.tick('down')}
          >
            −
          </button>
          <input
            className="slip__odds"
            aria-label="Odds"
            inputMode="decimal"
            autoComplete="off"
            value={slip.oddsText ?? priceText(choice.price)}
            aria-invalid={slip.oddsInvalid}
            disabled={slip.locked}
            onChange={(change) => slip.setPriceText(change.target.value)}
            onBlur={() => slip.settleOdds()}
          />
          <button
            type="button"
            className="tick"
            aria-label="Raise odds by one tick"
            disabled={slip.locked || tickUp(choice.price) === null}
            onClick={() => slip.tick('up')}
          >
            +
          </button>
        </div>
        <label className="slip__amount">
          <span>{amountLabel}</span>
          <input
            ref={amount}
            inputMode="decimal"
            autoComplete="off"
            value={slip.amountText}
            disabled={slip.locked}
            onChange={(change) => slip.setAmountText(change.target.value)}
            onKeyDown={(key) => key.key === 'Enter' && void slip.place()}
          />
        </label>
        {lay && (
          <button
            type="button"
            className="link-button"
            disabled={slip.locked}
            onClick={() => slip.setLayInput(slip.layInput === 'stake' ? 'liability' : 'stake')}
          >
            {slip.layInput === 'stake' ? 'Enter liability instead' : "Enter backer's stake instead"}
          </button>
        )}
      </div>
      <dl className="slip__figures">
        {lay && slip.layInput === 'liability' && (
          <div>
            <dt>Backer's stake</dt>
            <dd data-testid="slip-size">{slip.size === null ? '–' : money(slip.size)}</dd>
          </div>
        )}
        <div>
          <dt>{lay ? 'Profit if it loses' : 'Profit if it wins'}</dt>
          <dd data-testid="slip-profit">{slip.profit === null ? '–' : money(slip.profit)}</dd>
        </div>
        <div>
          <dt>{lay ? 'Liability if it wins' : 'Liability'}</dt>
          <dd data-testid="slip-liability">{slip.liability === null ? '–' : money(slip.liability)}</dd>
        </div>
      </dl>
      <p className="slip__note">
        {COMMISSION_TEXT} <RulesLink />
      </p>
      {slip.message && (
        <p className="slip__error" role="alert">
          {slip.message}
        </p>
      )}
      <AnswerView answer={slip.answer} />
      {slip.answer?.kind === 'lost' ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={!network.online || slip.sending}
          onClick={() => void slip.retry()}
        >
          Check again
        </button>
      ) : (
        <button
          type="button"
          className={`button button--block slip__place slip__place--${choice.side}`}
          disabled={slip.blocker !== null}
          aria-describedby={slip.blocker ? 'slip-blocker' : undefined}
          onClick={() => void slip.place()}
        >
          {slip.sending
            ? 'Placing…'
            : session.signedIn || session.starting
              ? `Place ${verb.toLowerCase()}`
              : 'Log in to place'}
        </button>
      )}
      {slip.blocker && slip.answer?.kind !== 'lost' && (
        <p id="slip-blocker" className="slip__blocker">
          {slip.blocker}
        </p>
      )}
    </section>
  );
}

function AnswerView({ answer }: { answer: Answer | null }) {
  if (!answer) return <div role="status" className="slip__answer" />;
  const order = answer.order;
  let text: string;
  switch (answer.kind) {
    case 'matched':
      text = `Matched: ${money(order!.sizeMatched)} at ${order!.averagePriceMatched ?? order!.price}.`;
      break;
    case 'partly-matched':
      text = `Partly matched: ${money(order!.sizeMatched)} at ${order!.averagePriceMatched}, ${money(order!.sizeRemaining)} unmatched at ${order!.price}.`;
      break;
    case 'unmatched':
      text = `Unmatched: ${money(order!.sizeRemaining)} waits at ${order!.price} until someone takes it.`;
      break;
    case 'not-matched':
      text = `Not matched: the order was ${order!.sizeLapsed > 0 ? 'lapsed' : 'cancelled'} before anyone took it.`;
      break;
    case 'held':
      text = 'Held for the in-play delay, then matched at the prices then.';
      break;
    case 'refused':
      text = `Not placed: ${answer.message}`;
      break;
    case 'lost':
      text =
        'We could not confirm your order. Check again: it is sent under the same order id, so it is never placed twice.';
      break;
  }
  return (
    <div role="status" className={`slip__answer slip__answer--${answer.kind}`}>
      <p>{text}</p>
      {answer.kind === 'held' && answer.heldUntil !== undefined && (
        <HoldCountdown
          heldUntil={new Date(answer.heldUntil).toISOString()}
          label="Time until your in-play order goes to the market"
        />
      )}
    </div>
  );
}
