import type { Db } from '../../db/schema';
import { toItem } from './payment-records';
import type { PaymentItem, PaymentKind, PaymentStatus, SavedCard } from '../../../src/contract/payments';

/** What a customer reads of their payments: the list, and the card they saved. */
export class PaymentQueries {
  constructor(private readonly db: Db) {}

  async list(
    userId: number,
    query: { kind?: PaymentKind; status?: PaymentStatus; limit: number },
  ): Promise<PaymentItem[]> {
    let select = this.db
      .selectFrom('payments')
      .select(['id', 'kind', 'method', 'status', 'amount', 'masked_pan', 'error', 'created_at', 'updated_at'])
      .where('user_id', '=', userId);
    if (query.kind) select = select.where('kind', '=', query.kind);
    if (query.status) select = select.where('status', '=', query.status);
    const rows = await select.orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(query.limit).execute();
    return rows.map(toItem);
  }

  async savedCard(userId: number): Promise<SavedCard> {
    const card = await this.db
      .selectFrom('saved_cards')
      .select('masked_pan')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { maskedPan: card?.masked_pan ?? null, userId };
  }
}
