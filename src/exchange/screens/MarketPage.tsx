import { useEffect } from 'react';
import type { Market } from '../../contract/exchange';
import { matchedIfWins } from '../../contract/exchange-green-up';
import { winnings } from '../../contract/exchange-ladder';
import { useExchange } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { RunnerRow } from '../ui/RunnerRow';
import { SlipPanel } from '../ui/SlipPanel';
import { OrderLists } from '../ui/OrderLists';
import { GreenUp } from '../ui/GreenUp';
import { statusWords } from '../ui/format';
import type { SlipStore } from '../stores/SlipStore';

/** Each outcome's result if the slip's order were matched at its price, beside the position as it stands. */
function withSlip(market: Market, ifWins: number[] | undefined, slip: SlipStore): number[] | undefined {
  const choice = slip.choice;
  const size = slip.size;
  if (!choice || choice.marketId !== market.marketId || size === null || size <= 0 || slip.answer) return undefined;
  const runner = market.runners.findIndex((entry) => entry.selectionId === choice.selectionId);
  if (runner < 0) return undefined;
  const fill = { runner, side: choice.side, stake: size, winnings: winnings(size, choice.price) };
  const change = matchedIfWins(market.runners.length, [fill]);
  return change.map((value, outcome) => value + (ifWins?.[outcome] ?? 0));
}

/** A market: every runner's ladder with the customer's profit or loss if it wins, the slip, orders and Cash Out. */
export function MarketPage({ marketId }: { marketId: string }) {
  const { markets, orders, slip, session, network } = useExchange();
  useWatch(markets, orders, slip, session, network);
  useEffect(() => {
    void markets.loadMarket(marketId);
  }, [markets, marketId]);
  useEffect(() => {
    if (!session.signedIn) return;
    void orders.loadPosition(marketId);
    if (!orders.loaded) void orders.load();
  }, [orders, marketId, session.signedIn]);

  const load = markets.market(marketId);
  if (!load || load.state === 'loading')
    return (
      <div role="status" aria-busy="true" className="skeleton">
        <h1>Market</h1>
        Loading the market…
      </div>
    );
  if (load.state === 'failed')
    return (
      <div role="alert" className="notice notice--error">
        <h1>Market</h1>
        <p>{load.message}</p>
        <button type="button" className="button button--primary" onClick={() => void markets.loadMarket(marketId)}>
          Try again
        </button>
      </div>
    );
  const market = load.value;
  const position = orders.positionOn(marketId);
  const ifWins = position ? market.runners.map((runner) => position.ifWins[runner.selectionId] ?? 0) : undefined;
  const projected = withSlip(market, ifWins, slip);
  const open = market.status === 'open';
  const runnerName = (selectionId: string) =>
    market.runners.find((runner) => runner.selectionId === selectionId)?.name ?? selectionId;
  return (
    <div className="market">
      <div className="market__book">
        <h1>{market.name}</h1>
        <p className={`market__status market__status--${market.status}`} role="status">
          {statusWords(market)}
          {market.inPlay && market.betDelayMs > 0 && ` · ${market.betDelayMs / 1000} s in-play delay`}
        </p>
        <div className="ladder-head" aria-hidden="true">
          <span>Back</span>
          <span>Lay</span>
        </div>
        <ul className="runners">
          {market.runners.map((runner, index) => (
            <RunnerRow
              key={runner.selectionId}
              runner={runner}
              ifWins={ifWins?.[index]}
              ifWinsWithSlip={projected?.[index]}
              disabled={!open}
              onChoose={(side, price) =>
                slip.choose({ marketId, selectionId: runner.selectionId, runnerName: runner.name, side, price })
              }
            />
          ))}
        </ul>
      </div>
      <div className="market__side">
        {slip.choice?.marketId === marketId && <SlipPanel />}
        {session.signedIn && (
          <>
            <GreenUp market={market} />
            <OrderLists
              orders={orders.openOn(marketId)}
              matched={orders.matchedOn(marketId)}
              runnerName={(order) => runnerName(order.selectionId)}
            />
          </>
        )}
      </div>
    </div>
  );
}
