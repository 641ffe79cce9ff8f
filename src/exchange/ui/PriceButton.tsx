import type { OrderSide } from '../../contract/exchange-rules';
import type { PriceSize } from '../../contract/exchange';
import { hundredthsOf } from '../../contract/exchange-ladder';
import { priceText, sizeText } from './format';

export interface PriceButtonProps {
  runnerName: string;
  side: OrderSide;
  level: PriceSize | undefined;
  /** The best price of its side is shown stronger, as on both exchanges. */
  best: boolean;
  disabled: boolean;
  onChoose: (side: OrderSide, hundredths: number) => void;
}

/** One cell of the ladder: a price and the money waiting there, named for what a press does. */
export function PriceButton({ runnerName, side, level, best, disabled, onChoose }: PriceButtonProps) {
  const className = `price price--${side}${best ? ' price--best' : ''}`;
  if (!level) return <span className={`${className} price--empty`} aria-hidden="true" />;
  const hundredths = hundredthsOf(level.price)!;
  const verb = side === 'back' ? 'Back' : 'Lay';
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      aria-label={`${verb} ${runnerName} at ${priceText(hundredths)}, ${sizeText(level.size)} available`}
      onClick={() => onChoose(side, hundredths)}
    >
      <span className="price__odds">{priceText(hundredths)}</span>
      <span className="price__size">{sizeText(level.size)}</span>
    </button>
  );
}
