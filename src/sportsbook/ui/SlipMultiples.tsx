import { useSlip, useSportsbook } from '../app/context';
import { formatCombined } from './combined-odds';
import { ACCA, ALL_SINGLES, systemKey } from '../stores/slip/model';
import { formatPence } from '../../contract/rules/money';
import { lineCount, luckyBonusWords, type SystemBetType } from '../../contract/system-bets';
import { StakeInput } from './StakeInput';

/**
 * The multiples the selections can make, above the singles in the usual UK order: Doubles, Trebles and the other
 * n-folds, the accumulator, then the full covers (Trixie to Goliath, the Lucky bets). Each has its lines and a stake
 * per line (docs/sportsbook.md, System bets).
 */
export function SlipMultiples({ phone }: { phone: boolean }) {
  const { prefs } = useSportsbook();
  const slip = useSlip();
  if (!slip.accaOffered) return null;
  const count = slip.selections.length;
  return (
    <section className="slip__multiples" aria-labelledby="slip-multiples">
      <h3 className="slip__heading" id="slip-multiples">
        Multiples
      </h3>
      {slip.nFoldsOffered.map((type) => (
        <SystemOffer key={type.type} type={type} count={count} phone={phone} />
      ))}
      <div className="slip__acca">
        <div className="slip__acca-head">
          <span>
            <strong>{slip.accaName}</strong>
            <span className="muted"> {count} selections</span>
          </span>
          <span className="slip__acca-odds">
            {formatCombined(
              slip.selections.flatMap((selection) => (selection.price ? [selection.price] : [])),
              prefs.oddsFormat,
            )}
          </span>
        </div>
        <div className="slip__stake-line">
          <StakeInput stakeKey={ACCA} label={`Stake on the ${slip.accaName}`} phone={phone} />
          <Returns pence={slip.returnsOf(ACCA)} />
        </div>
      </div>
      {slip.systemsOffered.map((type) => (
        <SystemOffer key={type.type} type={type} count={count} phone={phone} />
      ))}
    </section>
  );
}

/** One system bet offered: its lines, a stake per line, its returns and, once staked, its whole stake. */
function SystemOffer({ type: offer, count, phone }: { type: SystemBetType; count: number; phone: boolean }) {
  const slip = useSlip();
  const { type, name, fold, singles } = offer;
  const lines = lineCount(type, count);
  const perLine = slip.stakeOf(systemKey(type));
  const bonus = luckyBonusWords(type);
  return (
    <div className="slip__acca slip__system">
      <div className="slip__acca-head">
        <span>
          <strong>{name}</strong>
          <span className="muted">
            {' '}
            {lines} {lines === 1 ? 'line' : 'lines'}
          </span>
        </span>
        {fold === null && <span className="muted">{singles ? 'Singles and up' : 'Doubles and up'}</span>}
      </div>
      <div className="slip__stake-line">
        <StakeInput stakeKey={systemKey(type)} label={`Stake per line on the ${name}`} phone={phone} />
        <Returns pence={slip.returnsOf(systemKey(type))} />
      </div>
      {bonus && <p className="slip__system-total">{bonus}</p>}
      {perLine > 0 && (
        <p className="slip__system-total">
          Total stake {formatPence(slip.systemTotal(type))} ({lines} × {formatPence(perLine)})
        </p>
      )}
    </div>
  );
}

/** One stake for every single at once (a single staked with a free bet keeps it). */
export function AllSinglesStake({ phone }: { phone: boolean }) {
  const slip = useSlip();
  const count = slip.selections.length;
  if (count < 2) return null;
  return (
    <div className="slip__acca slip__all-singles">
      <div className="slip__acca-head">
        <span>
          <strong>Stake all singles</strong>
          <span className="muted"> {count} singles</span>
        </span>
      </div>
      <div className="slip__stake-line">
        <StakeInput stakeKey={ALL_SINGLES} label={`Stake on each of the ${count} singles`} phone={phone} />
      </div>
    </div>
  );
}

export function Returns({ pence }: { pence: number | null }) {
  return (
    <span className="slip__row-returns">
      <span className="muted">Returns</span> <strong>{pence === null ? '£0.00' : formatPence(pence)}</strong>
    </span>
  );
}
