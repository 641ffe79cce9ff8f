import type { Market, MarketStatus, Selection, SelectionStatus } from '../../../src/contract/sportsbook-rules';
import type { MarketSpec, PricedMarket } from '../pricing/types';
import type { EventRecord, MarketState } from './records';
import { isOpenStatus } from './records';
import { marketIdOf, selectionIdOf } from './ids';

const NO_STATE: MarketState = { operatorSuspended: false, resolution: null };

/**
 * A market as browsers see it: the model's prices under the effective status. Ended, settled and void markets
 * show no prices; a goal or the operator suspends without hiding them.
 */
export function marketView(
  record: EventRecord,
  spec: MarketSpec,
  priced: PricedMarket | undefined,
  state: MarketState = NO_STATE,
): Market {
  const id = marketIdOf(record.id, spec.key);
  let status: MarketStatus;
  if (state.resolution) status = state.resolution;
  else if (!isOpenStatus(record.status) || !priced || priced.status === 'closed') status = 'closed';
  else if (state.operatorSuspended || record.suspendedUntil) status = 'suspended';
  else status = 'open';
  const selections: Selection[] = spec.selections.map((selection) => {
    const pricedSelection = priced?.selections.find((candidate) => candidate.key === selection.key);
    let selectionStatus: SelectionStatus;
    if (status === 'open') selectionStatus = pricedSelection?.status ?? 'closed';
    else if (status === 'suspended') selectionStatus = pricedSelection?.status === 'closed' ? 'closed' : 'suspended';
    else selectionStatus = 'closed';
    const price = selectionStatus === 'closed' ? null : (pricedSelection?.price ?? null);
    return {
      id: selectionIdOf(id, selection.key),
      name: selection.name,
      price: price ? { num: price.num, den: price.den } : null,
      status: selectionStatus,
    };
  });
  return { id, eventId: record.id, type: spec.type, name: spec.name, line: spec.line, status, selections };
}
