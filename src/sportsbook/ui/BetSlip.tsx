import { useEffect, useRef } from 'react';
import { useSlip, useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import type { Placement, SlipSelection } from '../stores/slip/model';
import { potentialReturns } from '../stores/slip/SlipStakes';
import { PRICE_CHANGE_WORDS } from '../stores/slip/wording';
import { formatPence } from '../../contract/rules/money';
import { OUTRIGHT_SINGLES_ONLY, PRICE_CHANGE_POLICIES, type PriceChangePolicy } from '../../contract/sportsbook-rules';
import { lineCount, systemBetType } from '../../contract/system-bets';
import { HoldCountdown } from '../../ui/HoldCountdown';
import { StakeInput } from './StakeInput';
import { shortBetReference } from './format';
import { FreeBetPicker } from './FreeBetPicker';
import { AllSinglesStake, Returns, SlipMultiples } from './SlipMultiples';
import { SlipBuilderLine } from './SlipBuilderLine';
import { ArrowDown, ArrowUp, Lock, WifiOff } from './icons';
import { AlertTriangle, CircleCheck, CircleX, Loader, Receipt, Trash, X } from './later-icons';
import './BetSlip.css';

/** The bet slip's content, shared by the desktop column and the phone sheet. */
export function BetSlip({ phone }: { phone: boolean }) {
  const sportsbook = useSportsbook();
  const { session, network } = sportsbook;
  const slip = useSlip();
  // The free bets too: a token dropping off the list changes the stakes and totals shown.
  useWatch(slip, session, network, sportsbook.prefs, sportsbook.freeBets);
  const finished = slip.placements.length > 0 && !slip.placing;
  // While a bet is on its way the button says so; otherwise why it cannot be pressed is said next to it.
  const hint = slip.blocker && network.online && !slip.notice && !slip.sending ? slip.blocker : null;

  return (
    <div className="slip">
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {slip.announcement}
      </p>
      {slip.placements.length > 0 && <Placements finished={finished} />}
      {slip.lineCount === 0 && slip.placements.length === 0 && (
        <div className="slip__empty">
          <Receipt size={32} />
          <p>Your bet slip is empty.</p>
          <p className="muted">Tap a price to add a selection.</p>
        </div>
      )}
      {slip.lineCount > 0 && !slip.placements.some((placement) => placement.state === 'accepted') && (
        <>
          <SlipBuilderLine phone={phone} />
          {slip.selections.length > 0 && (
            <div className="slip__toolbar">
              <span>
                {slip.selections.length} {slip.selections.length === 1 ? 'selection' : 'selections'}
              </span>
              <button type="button" className="link-button" onClick={() => slip.clear()} disabled={slip.placing}>
                <Trash size={14} /> Remove all
              </button>
            </div>
          )}
          {slip.selections.length > 0 && (
            <fieldset className="slip__bets" disabled={slip.placing}>
              <legend className="visually-hidden">Your bets</legend>
              <SlipMultiples phone={phone} />
              <h3 className="slip__heading">Singles</h3>
              <AllSinglesStake phone={phone} />
              <ul className="slip__list">
                {slip.selections.map((selection) => (
                  <SlipRow key={selection.selectionId} selection={selection} phone={phone} />
                ))}
              </ul>
              {slip.relatedEventIds.size > 0 && (
                <p className="slip__note">
                  <AlertTriangle size={14} /> Selections from the same match are related and cannot be combined in an
                  accumulator.
                </p>
              )}
              {slip.hasOutright && slip.selections.length >= 2 && (
                <p className="slip__note">
                  <AlertTriangle size={14} /> {OUTRIGHT_SINGLES_ONLY}
                </p>
              )}
            </fieldset>
          )}
          {slip.hasPriceChanges && (
            <div className="slip__changes" role="alert">
              <p>
                <AlertTriangle size={16} /> Prices have changed.
              </p>
              <button type="button" className="btn btn--secondary" onClick={() => slip.acceptChanges()}>
                Accept new prices
              </button>
            </div>
          )}
          <label className="slip__setting">
            <span>When the odds change</span>
            <select
              value={slip.priceChanges}
              onChange={(change) => slip.setPriceChanges(change.target.value as PriceChangePolicy)}
              disabled={slip.placing}
            >
              {PRICE_CHANGE_POLICIES.map((policy) => (
                <option key={policy} value={policy}>
                  {PRICE_CHANGE_WORDS[policy]}
                </option>
              ))}
            </select>
          </label>
          <dl className="slip__totals">
            {slip.freeBetStake > 0 && (
              <div>
                <dt>Free bet</dt>
                <dd>{formatPence(slip.freeBetStake)}</dd>
              </div>
            )}
            <div>
              <dt>Total stake</dt>
              <dd>{formatPence(slip.totalStake)}</dd>
            </div>
            <div>
              <dt>Potential returns</dt>
              <dd className="slip__returns">{formatPence(slip.totalReturns)}</dd>
            </div>
          </dl>
          {session.signedIn && slip.shortfall > 0 && (
            <div className="slip__notice slip__notice--warn" role="status">
              <p>Your balance ({formatPence(session.balance ?? 0)}) is less than your total stake.</p>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => sportsbook.bridge.post({ type: 'deposit-requested', shortfall: slip.shortfall })}
              >
                Deposit
              </button>
            </div>
          )}
          {!network.online && (
            <p className="slip__notice slip__notice--warn" role="status">
              <WifiOff size={16} /> You are offline. Bets can be placed once you are back online.
            </p>
          )}
          {slip.notice && network.online && (
            <p className="slip__notice" role="status">
              {slip.notice}
            </p>
          )}
          <button
            type="button"
            className="btn btn--place"
            onClick={() => void slip.place()}
            disabled={slip.placing || slip.waitingForSession || !network.online}
            aria-describedby={hint ? 'slip-blocker' : undefined}
          >
            {slip.waitingForSession ? (
              <>
                <Loader size={18} className="spin" /> Signing you in…
              </>
            ) : slip.sending ? (
              <>
                <Loader size={18} className="spin" /> Placing bet…
              </>
            ) : (
              <>Place Bet{slip.totalStake > 0 ? ` ${formatPence(slip.totalStake)}` : ''}</>
            )}
          </button>
          {hint && (
            <p id="slip-blocker" className="slip__hint">
              {hint}
            </p>
          )}
          {!session.signedIn && session.starting && (
            <p className="slip__hint" role="status">
              Signing you in… Your selections stay on the slip.
            </p>
          )}
          {!session.signedIn && !session.starting && (
            <p className="slip__hint">Log in or register to place your bet. Your selections stay on the slip.</p>
          )}
        </>
      )}
    </div>
  );
}

function SlipRow({ selection, phone }: { selection: SlipSelection; phone: boolean }) {
  const { prefs } = useSportsbook();
  const slip = useSlip();
  const move = slip.movement(selection);
  const related = slip.isRelated(selection);
  const unavailable = selection.status !== 'open' || !selection.price;
  return (
    <li className={`slip-row${unavailable ? ' slip-row--off' : ''}`}>
      <div className="slip-row__head">
        <div className="slip-row__what">
          <strong>{selection.selectionName}</strong>
          <span className="muted">{selection.marketName}</span>
          <span className="muted">{selection.eventName}</span>
          {related && <span className="tag tag--warn">Related</span>}
        </div>
        <div className="slip-row__price">
          {unavailable ? (
            <span className="tag tag--off">
              <Lock size={12} /> {selection.status === 'suspended' ? 'Suspended' : 'Closed'}
            </span>
          ) : (
            <>
              {move && selection.acceptedPrice && (
                <s className="slip-row__old" aria-label={`was ${prefs.format(selection.acceptedPrice)}`}>
                  {prefs.format(selection.acceptedPrice)}
                </s>
              )}
              <span className={`slip-row__odds${move ? ` slip-row__odds--${move}` : ''}`}>
                {move === 'up' && <ArrowUp size={12} />}
                {move === 'down' && <ArrowDown size={12} />}
                {prefs.format(selection.price!)}
              </span>
            </>
          )}
          <button
            type="button"
            className="icon-btn"
            onClick={() => slip.remove(selection.selectionId)}
            aria-label={`Remove ${selection.selectionName} from the bet slip`}
          >
            <X size={16} />
          </button>
        </div>
      </div>
      <div className="slip__stake-line">
        <StakeInput stakeKey={selection.selectionId} label={`Stake on ${selection.selectionName}`} phone={phone} />
        <FreeBetPicker selectionId={selection.selectionId} />
        <Returns pence={slip.returnsOf(selection.selectionId)} />
      </div>
    </li>
  );
}

const TITLES: Record<Placement['state'], string> = {
  placing: 'Placing your bet…',
  held: 'Placing your bet…',
  checking: 'Checking your bet…',
  pending: 'Checking your bet…',
  unknown: 'Checking your bet…',
  accepted: 'Bet placed',
  refused: 'Bet not placed',
  'not-placed': 'Bet not placed',
};

function Placements({ finished }: { finished: boolean }) {
  const { router, network } = useSportsbook();
  const slip = useSlip();
  const anyAccepted = slip.placements.some((placement) => placement.state === 'accepted');
  const receipts = useRef<HTMLElement>(null);
  // The outcome is at the slip's top while the customer pressed Place at its foot: each change of a bet's state is
  // brought into view, so nobody is left reading a stake form and wondering whether the bet went on.
  const states = slip.placements.map((placement) => placement.state).join();
  useEffect(() => {
    receipts.current?.scrollIntoView?.({ block: 'nearest' });
  }, [states]);
  return (
    <section className="receipts" aria-label="Your bets" ref={receipts}>
      {slip.placements.map((placement) => {
        const { state, request } = placement;
        const busy =
          state === 'placing' || state === 'held' || state === 'checking' || state === 'pending' || state === 'unknown';
        const system = request.system ? systemBetType(request.system) : null;
        const lines = request.system ? lineCount(request.system, request.selections.length) : 1;
        const prices = request.selections.map((selection) => selection.price);
        return (
          <article key={request.betId} className={`receipt receipt--${state}`} aria-busy={busy}>
            <h3 className="receipt__title">
              {busy && <Loader size={18} className="spin" />}
              {state === 'accepted' && <CircleCheck size={18} />}
              {(state === 'refused' || state === 'not-placed') && <CircleX size={18} />}
              {TITLES[state]}
            </h3>
            <ul className="receipt__legs">
              {placement.labels.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
            {state === 'held' && placement.heldUntil && <HoldCountdown heldUntil={placement.heldUntil} />}
            <dl className="receipt__figures">
              <div>
                <dt>
                  {request.freeBetId
                    ? 'Free bet'
                    : request.kind === 'single'
                      ? 'Single'
                      : system
                        ? `${system.name} (${lines} lines at ${formatPence(request.stake)})`
                        : `${request.kind === 'bet-builder' ? 'Bet Builder' : 'Accumulator'} (${request.selections.length})`}{' '}
                  stake
                </dt>
                <dd>{formatPence(request.stake * lines)}</dd>
              </div>
              <div>
                <dt>Potential returns</dt>
                <dd>
                  {formatPence(
                    placement.bet?.potentialReturns ??
                      potentialReturns(request.stake, request.price ? [request.price] : prices, {
                        system: request.system,
                        freeBet: !!request.freeBetId,
                      }),
                  )}
                </dd>
              </div>
              {state === 'accepted' && (
                <div className="receipt__id">
                  <dt>Bet reference</dt>
                  <dd title={`Bet ID ${request.betId}`} data-bet-id={request.betId}>
                    {shortBetReference(request.betId)}
                  </dd>
                </div>
              )}
            </dl>
            {placement.message && state !== 'placing' && <p className="receipt__message">{placement.message}</p>}
            {state === 'not-placed' && (
              <button
                type="button"
                className="btn btn--secondary"
                disabled={!network.online}
                onClick={() => void slip.retry(request.betId)}
              >
                Try again
              </button>
            )}
            {state === 'unknown' && (
              <button
                type="button"
                className="btn btn--secondary"
                disabled={!network.online}
                onClick={() => void slip.check(request.betId)}
              >
                Check again
              </button>
            )}
          </article>
        );
      })}
      {finished && (
        <div className="receipts__actions">
          {anyAccepted && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                slip.dismissPlacements();
                router.go('/bets');
              }}
            >
              View in My Bets
            </button>
          )}
          <button type="button" className="btn btn--primary" onClick={() => slip.dismissPlacements()}>
            {anyAccepted ? 'Done' : 'Back to bet slip'}
          </button>
        </div>
      )}
    </section>
  );
}
