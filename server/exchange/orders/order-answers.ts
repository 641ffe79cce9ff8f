import { EXCHANGE_REFUSALS, type ExchangeRefusal, type Order } from '../../../src/contract/exchange';
import { AppError, conflict, unprocessable } from '../../platform/errors';
import { walletUnreachable } from '../sessions/service';
import { toOrder, type OrderRow, type OrderRows } from './order-rows';

export type Placed = { order: Order; status: 201 | 202 };

export const refusal = (code: ExchangeRefusal) =>
  code === 'OrderIdReused' ? conflict(EXCHANGE_REFUSALS[code], code) : unprocessable(EXCHANGE_REFUSALS[code], code);

/** The first answer again for the same id and body; 409 for the same id with another body or customer. */
export async function answerToRepeat(rows: OrderRows, row: OrderRow, requestHash: string): Promise<Placed> {
  if (row.request_hash !== requestHash) throw refusal('OrderIdReused');
  if (row.status === 'refused' && row.refusal) {
    if (row.refusal in EXCHANGE_REFUSALS) throw refusal(row.refusal as ExchangeRefusal);
    throw new AppError(422, 'This order was refused', row.refusal);
  }
  if (row.status === 'pending') throw walletUnreachable();
  return { order: toOrder(row, await rows.averagePrices([row.id])), status: 201 };
}
