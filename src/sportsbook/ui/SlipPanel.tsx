import { Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { LoadBoundary } from './LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';
import './SlipPanel.css';
import { LoadingPlaceholder } from './LoadingPlaceholder';

const SlipBets = retryableLazy(() => import('../screens/SlipBets'));
// Nothing is on the slip when the frame first paints (and a phone shows no slip at all then): its code comes after.
const BetSlipCode = retryableLazy<{ phone: boolean }>(() =>
  import('./BetSlip').then((module) => ({ default: module.BetSlip })),
);

function BetSlip({ phone }: { phone: boolean }) {
  const { slip } = useSportsbook();
  return (
    <LoadBoundary parts={[BetSlipCode, slip]}>
      <Suspense fallback={<LoadingPlaceholder label="Loading the bet slip" />}>
        <BetSlipCode phone={phone} />
      </Suspense>
    </LoadBoundary>
  );
}

/**
 * The slip column (or phone sheet): for a signed-in customer a "Bet Slip | My Bets (n)" switch, as UK bookmakers
 * have, so open bets can be cashed out without leaving the page.
 */
export function SlipPanel({ phone }: { phone: boolean }) {
  const { slip, bets, session } = useSportsbook();
  useWatch(slip, bets, session);
  const id = useId();
  const showingBets = session.signedIn && bets.shownInSlip;

  // A selection added or a bet being placed brings the slip to the front: that is where its outcome shows.
  const activity = slip.lineCount + slip.builderLegs.length + slip.placements.length;
  const before = useRef(activity);
  useEffect(() => {
    if (activity > before.current) bets.showInSlip(false);
    before.current = activity;
  }, [bets, activity]);
  // Gone (the phone's sheet closed): the open bets' prices need not be followed for it any more.
  useEffect(() => () => bets.showInSlip(false), [bets]);

  if (!session.signedIn) return <BetSlip phone={phone} />;
  const open = bets.lists.open;
  const tab = (name: 'slip' | 'bets', label: ReactNode) => {
    const selected = (name === 'bets') === showingBets;
    return (
      <button
        type="button"
        role="tab"
        id={`${id}-${name}`}
        aria-selected={selected}
        aria-controls={`${id}-panel`}
        className="tabs__tab"
        onClick={() => bets.showInSlip(name === 'bets')}
      >
        {label}
      </button>
    );
  };
  return (
    <>
      <div className="tabs slip__tabs" role="tablist" aria-label="Bet slip or open bets">
        {/* The desktop column has no title above its tabs, so the count sits in the tab; the phone sheet's title has it. */}
        {tab(
          'slip',
          phone ? (
            'Bet Slip'
          ) : (
            <>
              Bet Slip <span className="badge">{slip.lineCount}</span>
            </>
          ),
        )}
        {tab('bets', open ? `My Bets (${open.length})` : 'My Bets')}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${showingBets ? 'bets' : 'slip'}`}>
        {showingBets ? (
          <LoadBoundary parts={[SlipBets, bets]}>
            <Suspense fallback={<LoadingPlaceholder label="Loading your bets" />}>
              <SlipBets />
            </Suspense>
          </LoadBoundary>
        ) : (
          <BetSlip phone={phone} />
        )}
      </div>
    </>
  );
}
