import type { EventChange } from '../../../src/contract/sportsbook-rules';
import type { EventUpdate } from './bus';
import { framedText, type FramedMessage } from '../../platform/live/ws-frame';

const HEAD = '{"type":"event-updates","updates":[';
const TAIL = ']}';

/**
 * One push's changes, encoded once: each event's full changes and its list view are JSON pieces made on first use,
 * and whole messages (framed once) are kept by the set of pieces they join, so ten thousand list sockets take one Buffer.
 */
export class PendingChanges {
  private readonly events: Array<{ eventId: string; updates: EventUpdate[]; full?: string; list?: string }>;
  private readonly messages = new Map<string, FramedMessage | undefined>();

  constructor(pending: Map<string, EventUpdate[]>) {
    this.events = [...pending].map(([eventId, updates]) => ({ eventId, updates }));
  }

  /** The message for a socket following the lists and/or these events; undefined when none of them changed. */
  messageFor(lists: boolean, eventIds: ReadonlySet<string>): FramedMessage | undefined {
    if (eventIds.size === 0) return lists ? this.message('L', lists, eventIds) : undefined;
    // Which events this socket takes in full: the key of the message it shares with sockets that take the same.
    let key = lists ? 'L' : '';
    for (let index = 0; index < this.events.length; index++)
      if (eventIds.has(this.events[index]!.eventId)) key += `,${index}`;
    return key === '' ? undefined : this.message(key, lists, eventIds);
  }

  private message(key: string, lists: boolean, eventIds: ReadonlySet<string>): FramedMessage | undefined {
    if (this.messages.has(key)) return this.messages.get(key);
    const pieces: string[] = [];
    for (const event of this.events) {
      if (eventIds.has(event.eventId))
        pieces.push((event.full ??= event.updates.map((update) => encode(update, true)).join(',')));
      else if (lists) pieces.push((event.list ??= encode(event.updates.at(-1)!, false)));
    }
    const message = pieces.length === 0 ? undefined : framedText(Buffer.from(HEAD + pieces.join(',') + TAIL));
    this.messages.set(key, message);
    return message;
  }
}

/** A full change carries its changed markets; a list change only the summary (its main market inside). */
function encode(update: EventUpdate, full: boolean): string {
  const change: EventChange = full
    ? { eventId: update.eventId, seq: update.seq, event: update.event, markets: update.markets }
    : { eventId: update.eventId, seq: update.seq, event: update.event };
  return JSON.stringify(change);
}
