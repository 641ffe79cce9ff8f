import { useBets, useSportsbook } from '../app/context';
import { formatCombined } from '../ui/combined-odds';
import { useWatch } from '../../ui/frame/Observable';
import { cashOutShown, type BetsTab } from '../stores/BetsStore';
import type { BetLeg, BetView, LegStanding, MatchNow } from '../../contract/sportsbook-rules';
import { formatPence } from '../../contract/rules/money';
import { formatDateTime, shortBetReference } from '../ui/format';
import { betTitle, stakeWords, statusBadge } from '../ui/bet-title';
import { CashOut } from './CashOut';
import { CircleCheck, CircleDot, CircleMinus, CircleX } from '../ui/later-icons';
import { LoadingPlaceholder } from '../ui/LoadingPlaceholder';
import './BetCard.css';

/** A tab's bets as cards, or why there are none (loading, failed, empty). */
export function BetList({
  tab,
  onCashedOut,
  headingLevel = 2,
}: {
  tab: BetsTab;
  onCashedOut: (message: string) => void;
  headingLevel?: 2 | 3;
}) {
  const { bets } = useSportsbook();
  useWatch(bets);
  const list = bets.lists[tab];
  if (bets.error && !list)
    return (
      <div className="empty-state" role="alert">
        <p>{bets.error}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void bets.load(tab)}>
          Try again
        </button>
      </div>
    );
  if (!list) return <LoadingPlaceholder label="Loading your bets" />;
  if (list.length === 0)
    return (
      <p className="panel__empty">{tab === 'open' ? 'You have no open bets.' : 'You have no settled bets yet.'}</p>
    );
  return (
    <ul className="bet-cards">
      {list.map((bet) => (
        <BetCard key={bet.betId} bet={bet} onCashedOut={onCashedOut} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

/** One bet with its legs, figures and (while open) its live cash-out offer: My Bets' card, and the slip's. */
function BetCard({
  bet,
  onCashedOut,
  headingLevel = 2,
}: {
  bet: BetView;
  onCashedOut: (message: string) => void;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { prefs } = useSportsbook();
  const title = betTitle(bet);
  const badge = statusBadge(bet);
  return (
    <li className={`bet-card bet-card--${badge.tone}`}>
      <div className="bet-card__head">
        <Heading>{title}</Heading>
        <span className={`status status--${badge.tone}`}>{badge.words}</span>
      </div>
      <ul className="bet-card__legs">
        {bet.legs.map((leg) => (
          <li key={leg.selectionId} className="leg">
            <LegIcon result={leg.result} deadHeatWays={leg.deadHeatWays} />
            <div>
              <p>
                <strong>{leg.selectionName}</strong> <span className="leg__price">{prefs.format(leg.price)}</span>
              </p>
              <p className="muted">{leg.marketName}</p>
              {leg.result === 'dead-heat' && leg.deadHeatWays && (
                <p className="muted">{`Dead heat of ${leg.deadHeatWays}: paid at full odds on 1/${leg.deadHeatWays} of the stake`}</p>
              )}
              {leg.result === 'open' ? (
                <OpenLegMatch bet={bet} leg={leg} />
              ) : (
                <p className="muted">
                  {leg.eventName}
                  {leg.score && ` · ${leg.score.home}-${leg.score.away}`}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <dl className="bet-card__figures">
        <div>
          <dt>{bet.freeBet ? 'Free bet stake' : 'Stake'}</dt>
          <dd>{stakeWords(bet)}</dd>
        </div>
        {!bet.system && (
          <div>
            <dt>Odds</dt>
            <dd>
              {bet.price
                ? prefs.format(bet.price)
                : bet.kind === 'single'
                  ? prefs.format(bet.legs[0]!.price)
                  : formatCombined(
                      bet.legs.filter((leg) => leg.result !== 'void').map((leg) => leg.price),
                      prefs.oddsFormat,
                    )}
            </dd>
          </div>
        )}
        <div>
          <dt>{bet.returns === null ? 'Potential returns' : 'Returns'}</dt>
          <dd className={bet.returns ? 'positive' : undefined}>{formatPence(bet.returns ?? bet.potentialReturns)}</dd>
        </div>
      </dl>
      {bet.cashedOut > 0 && (
        <p className="receipt__message">
          Cashed out so far {formatPence(bet.cashedOut)} (for {formatPence(bet.cashedOutStake)} of the stake)
        </p>
      )}
      {cashOutShown(bet) && <CashOut bet={bet} onCashedOut={onCashedOut} />}
      {bet.reason && <p className="receipt__message">{bet.reason}</p>}
      <p className="bet-card__meta muted">
        Placed {formatDateTime(bet.placedAt)}
        {bet.settledAt && ` · Settled ${formatDateTime(bet.settledAt)}`}
        <br />
        {/* The receipt's short reference, the full id kept on it: 36 characters said nothing a punter reads. */}
        Bet reference{' '}
        <span title={`Bet ID ${bet.betId}`} data-bet-id={bet.betId}>
          {shortBetReference(bet.betId)}
        </span>
      </p>
    </li>
  );
}

const STANDING_WORDS: Record<LegStanding, { words: string; tone: 'won' | 'lost' | 'void' }> = {
  winning: { words: 'Winning', tone: 'won' },
  losing: { words: 'Losing', tone: 'lost' },
  'void-as-it-stands': { words: 'Void as it stands', tone: 'void' },
  won: { words: 'Won', tone: 'won' },
  lost: { words: 'Lost', tone: 'lost' },
  void: { words: 'Void', tone: 'void' },
};

/** The live clock as UK bookmakers label it on a bet: 63', HT, FT. */
function matchClock(match: MatchNow): string {
  if (match.phase === 'half-time') return 'HT';
  if (match.phase === 'full-time' || match.status === 'ended') return 'FT';
  return `${match.minute}'`;
}

/**
 * An open leg's match: its live score and clock as the pushes bring them ("Live 63' 1-0"), how the leg stands on
 * them (its market's rules, the server's word), and the score the bet was struck at, labelled as such.
 */
function OpenLegMatch({ bet, leg }: { bet: BetView; leg: BetLeg }) {
  const bets = useBets();
  const match = bets.matchNow(leg.eventId);
  const playing = match !== undefined && (match.status === 'live' || match.status === 'ended');
  const standing = bets.standingOf(bet.betId, leg.selectionId);
  const clockNow = playing ? matchClock(match) : null;
  return (
    <>
      <p className="muted">{leg.eventName}</p>
      {playing && (
        <p className="leg__live">
          <span aria-hidden="true">
            {clockNow === 'FT' ? 'FT' : `Live ${clockNow}`} {match.score.home}-{match.score.away}
          </span>
          <span className="visually-hidden">
            {clockNow === 'FT'
              ? `Full time, ${match.score.home}-${match.score.away}`
              : `Live, ${clockNow === 'HT' ? 'half time' : `${match.minute} minutes played`}, score ${match.score.home}-${match.score.away}`}
          </span>
          {standing && (
            <span className={`leg__standing leg__standing--${STANDING_WORDS[standing].tone}`}>
              {STANDING_WORDS[standing].words}
            </span>
          )}
        </p>
      )}
      {leg.score && <p className="muted">{`Score when placed ${leg.score.home}-${leg.score.away}`}</p>}
    </>
  );
}

function LegIcon({ result, deadHeatWays }: { result: BetLeg['result']; deadHeatWays: number | null }) {
  if (result === 'won')
    return (
      <CircleCheck size={18} className="leg__icon leg__icon--won" aria-label="Won" role="img" aria-hidden={false} />
    );
  if (result === 'lost')
    return <CircleX size={18} className="leg__icon leg__icon--lost" aria-label="Lost" role="img" aria-hidden={false} />;
  if (result === 'half-won')
    return (
      <CircleCheck
        size={18}
        className="leg__icon leg__icon--won"
        aria-label="Half won"
        role="img"
        aria-hidden={false}
      />
    );
  if (result === 'half-lost')
    return (
      <CircleX size={18} className="leg__icon leg__icon--lost" aria-label="Half lost" role="img" aria-hidden={false} />
    );
  if (result === 'dead-heat')
    return (
      <CircleCheck
        size={18}
        className="leg__icon leg__icon--won"
        aria-label={`Dead heat of ${deadHeatWays ?? 2}`}
        role="img"
        aria-hidden={false}
      />
    );
  if (result === 'void')
    return (
      <CircleMinus size={18} className="leg__icon leg__icon--void" aria-label="Void" role="img" aria-hidden={false} />
    );
  return <CircleDot size={18} className="leg__icon" aria-label="Open" role="img" aria-hidden={false} />;
}
