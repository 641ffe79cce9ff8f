import { AppError } from '../../platform/errors';
import {
  MAX_SELECTIONS,
  MAX_STAKE_PENCE,
  MIN_STAKE_PENCE,
  type PlacementRefusal,
  type Price,
  type PriceChangePolicy,
  type SelectionChange,
} from '../../../src/contract/sportsbook-rules';
import { priceAcceptable, samePrice } from '../../../src/contract/rules/odds';
import { relatedOutcomes } from '../markets';
import type { Catalogue, SelectionQuote } from '../catalogue/types';

/** A 422 refusal of a placement; `changes` tells the slip what it must now show. */
export class PlacementRefused extends AppError {
  constructor(
    message: string,
    readonly refusal: PlacementRefusal,
    readonly changes: SelectionChange[] = [],
  ) {
    super(422, message, refusal);
  }

  body() {
    return { message: this.message, code: this.refusal, ...(this.changes.length > 0 ? { changes: this.changes } : {}) };
  }
}

export interface SlipSelection {
  selectionId: string;
  price: Price;
}

/** A leg as the bet will be struck: the quote it was checked against and the price it takes. */
export interface StruckLeg {
  quote: SelectionQuote;
  price: Price;
}

const changeOf = (quote: SelectionQuote): SelectionChange => ({
  selectionId: quote.selectionId,
  price: quote.price,
  status: quote.status,
});

/**
 * The checks on the raw body that have their own refusal codes (the contract's schema would only say 400):
 * a stake outside £0.10 to £10,000 and more than 12 selections.
 */
export function refuseOutOfRange(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const { stake, selections } = body as { stake?: unknown; selections?: unknown };
  if (typeof stake === 'number' && Number.isInteger(stake)) {
    if (stake < MIN_STAKE_PENCE) throw new PlacementRefused('The minimum stake is £0.10.', 'StakeTooLow');
    if (stake > MAX_STAKE_PENCE) throw new PlacementRefused('The maximum stake is £10,000.', 'StakeTooHigh');
  }
  if (Array.isArray(selections) && selections.length > MAX_SELECTIONS) {
    throw new PlacementRefused(`A bet can have at most ${MAX_SELECTIONS} selections.`, 'TooManySelections');
  }
}

/**
 * Checks a slip against the catalogue as browsers were last shown it, and returns the legs at the prices the bet
 * is struck at: the price the customer saw, or the current one when their price-change setting takes it.
 */
export function strikeSlip(
  catalogue: Catalogue,
  selections: readonly SlipSelection[],
  priceChanges: PriceChangePolicy,
): StruckLeg[] {
  const ids = selections.map((selection) => selection.selectionId);
  if (new Set(ids).size !== ids.length)
    throw new PlacementRefused('The same selection is on the slip twice.', 'DuplicateSelection');
  const quotes = selections.map((selection) => {
    const quote = catalogue.quote(selection.selectionId);
    if (!quote)
      throw new PlacementRefused('A selection on your slip is no longer available.', 'UnknownSelection', [
        { selectionId: selection.selectionId, price: null, status: 'closed' },
      ]);
    return quote;
  });
  if (relatedOutcomes(quotes).length > 0) {
    throw new PlacementRefused(
      'Selections from the same match cannot be combined in an accumulator.',
      'RelatedSelections',
    );
  }
  const closed = quotes.filter((quote) => quote.status === 'closed' || quote.price === null);
  if (closed.length > 0)
    throw new PlacementRefused('A market on your slip is closed.', 'MarketClosed', closed.map(changeOf));
  const suspended = quotes.filter((quote) => quote.status === 'suspended');
  if (suspended.length > 0)
    throw new PlacementRefused(
      'A market on your slip is suspended. Please try again shortly.',
      'MarketSuspended',
      suspended.map(changeOf),
    );
  const moved = quotes.filter((quote, index) => !priceAcceptable(priceChanges, selections[index]!.price, quote.price!));
  if (moved.length > 0) {
    throw new PlacementRefused(
      'The odds have changed. Please check the new odds and place your bet again.',
      'PriceChanged',
      moved.map(changeOf),
    );
  }
  return quotes.map((quote) => ({ quote, price: quote.price! }));
}

/** After the bet is stored: a leg whose market closed, was suspended or moved since the check is not accepted. */
export function stillAsStruck(catalogue: Catalogue, legs: readonly StruckLeg[]): PlacementRefused | undefined {
  const now = legs.map((leg) => catalogue.quote(leg.quote.selectionId));
  const changed = legs.filter((leg, index) => {
    const quote = now[index];
    return !quote || quote.status !== 'open' || quote.price === null || !samePrice(quote.price, leg.price);
  });
  if (changed.length === 0) return undefined;
  const changes = changed.map((leg) => {
    const quote = catalogue.quote(leg.quote.selectionId);
    return quote ? changeOf(quote) : { selectionId: leg.quote.selectionId, price: null, status: 'closed' as const };
  });
  const code: PlacementRefusal = changes.some((change) => change.status === 'closed')
    ? 'MarketClosed'
    : changes.some((change) => change.status === 'suspended')
      ? 'MarketSuspended'
      : 'PriceChanged';
  const message =
    code === 'PriceChanged'
      ? 'The odds changed while your bet was being placed. Please check the new odds and try again.'
      : 'A market on your slip closed or was suspended while your bet was being placed.';
  return new PlacementRefused(message, code, changes);
}
