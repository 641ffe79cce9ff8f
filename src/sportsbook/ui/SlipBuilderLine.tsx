import { useSlip, useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { formatPence } from '../../contract/rules/money';
import { BUILDER } from '../stores/slip/SlipBuilder';
import { StakeInput } from './StakeInput';
import { Lock } from './icons';
import { Loader, X } from './later-icons';
import './SlipBuilderLine.css';

/**
 * The slip's Bet Builder: one line for the legs picked on a match page, at the one price the server gives them
 * together, with its own stake; placed by the slip's Place with the other bets.
 */
export function SlipBuilderLine({ phone }: { phone: boolean }) {
  const { prefs } = useSportsbook();
  const slip = useSlip();
  useWatch(slip, prefs);
  const legs = slip.builderLegs;
  if (legs.length === 0) return null;
  const price = slip.builderPrice;
  const returns = slip.returnsOf(BUILDER);
  return (
    <section className="slip-builder" aria-labelledby="slip-builder-title">
      <div className="slip-builder__head">
        <h3 id="slip-builder-title" className="slip-builder__title">
          Bet Builder
          <span className="muted"> {legs[0]!.eventName}</span>
        </h3>
        <span className="slip-builder__price" aria-live="polite">
          {legs.length < 2 ? null : slip.builderQuoting ? (
            <>
              <Loader size={16} className="spin" />
              <span className="visually-hidden">Pricing your Bet Builder</span>
            </>
          ) : price ? (
            prefs.format(price)
          ) : (
            <span className="tag tag--off">
              <Lock size={12} /> No price
            </span>
          )}
        </span>
        <button
          type="button"
          className="icon-btn"
          onClick={() => slip.clearBuilder()}
          aria-label="Remove the Bet Builder from the bet slip"
        >
          <X size={16} />
        </button>
      </div>
      <ul className="slip-builder__legs">
        {legs.map((leg) => (
          <li key={leg.selectionId}>
            <span>
              <strong>{leg.selectionName}</strong> <span className="muted">{leg.marketName}</span>
            </span>
            <button
              type="button"
              className="link-button"
              onClick={() => slip.removeBuilderLeg(leg.selectionId)}
              aria-label={`Remove ${leg.selectionName} from the Bet Builder`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {legs.length < 2 && <p className="slip-builder__note">Pick one more selection from this match.</p>}
      {slip.builderMessage && <p className="slip-builder__note">{slip.builderMessage}</p>}
      {legs.length >= 2 && (
        <div className="slip__stake-line">
          <StakeInput stakeKey={BUILDER} label="Stake on the Bet Builder" phone={phone} />
          <span className="slip__row-returns">
            <span className="muted">Returns</span> <strong>{returns === null ? '£0.00' : formatPence(returns)}</strong>
          </span>
        </div>
      )}
    </section>
  );
}
