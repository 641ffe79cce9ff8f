import type { Order } from '../../contract/exchange';

type AnswerKind = 'matched' | 'partly-matched' | 'unmatched' | 'held' | 'not-matched' | 'refused' | 'lost';

export interface Answer {
  kind: AnswerKind;
  order?: Order;
  message?: string;
  /** The end of the in-play delay (ms since the epoch), while held. */
  heldUntil?: number;
}

/** What an order's sizes say about it: the words the slip shows after Place. */
export function answerOf(order: Order): Answer {
  if (order.sizeMatched >= order.size) return { kind: 'matched', order };
  if (order.sizeMatched > 0) return { kind: 'partly-matched', order };
  if (order.status === 'executable') return { kind: 'unmatched', order };
  return { kind: 'not-matched', order };
}
