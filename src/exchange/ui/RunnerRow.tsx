import type { Runner } from '../../contract/exchange';
import type { OrderSide } from '../../contract/exchange-rules';
import { PriceButton } from './PriceButton';
import { priceText, signed } from './format';
import { hundredthsOf } from '../../contract/exchange-ladder';

export interface RunnerRowProps {
  runner: Runner;
  /** Pence the customer ends with if this runner wins, once they have a position. */
  ifWins: number | undefined;
  /** The same with the slip's order matched, shown beside it as both exchanges do. */
  ifWinsWithSlip: number | undefined;
  disabled: boolean;
  onChoose: (side: OrderSide, hundredths: number) => void;
}

const LEVELS = [0, 1, 2];

/** A runner's ladder: three prices to back (best nearest the middle) and three to lay, and the last traded price. */
export function RunnerRow({ runner, ifWins, ifWinsWithSlip, disabled, onChoose }: RunnerRowProps) {
  const last = runner.lastTradedPrice === null ? null : hundredthsOf(runner.lastTradedPrice);
  return (
    <li className="runner">
      <div className="runner__head">
        <span className="runner__name">{runner.name}</span>
        {ifWins !== undefined && (
          <span
            className={`runner__pl ${ifWins < 0 ? 'runner__pl--loss' : 'runner__pl--profit'}`}
            aria-label={`If ${runner.name} wins: ${signed(ifWins)}`}
          >
            {signed(ifWins)}
          </span>
        )}
        {ifWinsWithSlip !== undefined && (
          <span
            className="runner__pl runner__pl--slip"
            aria-label={`With this order, if ${runner.name} wins: ${signed(ifWinsWithSlip)}`}
          >
            » {signed(ifWinsWithSlip)}
          </span>
        )}
        <span className="runner__last">{last === null ? 'No trades yet' : `Last traded ${priceText(last)}`}</span>
      </div>
      <div className="runner__ladder" role="group" aria-label={`${runner.name} prices`}>
        {[...LEVELS].reverse().map((level) => (
          <PriceButton
            key={`back-${level}`}
            runnerName={runner.name}
            side="back"
            level={runner.availableToBack[level]}
            best={level === 0}
            disabled={disabled}
            onChoose={onChoose}
          />
        ))}
        {LEVELS.map((level) => (
          <PriceButton
            key={`lay-${level}`}
            runnerName={runner.name}
            side="lay"
            level={runner.availableToLay[level]}
            best={level === 0}
            disabled={disabled}
            onChoose={onChoose}
          />
        ))}
      </div>
    </li>
  );
}
