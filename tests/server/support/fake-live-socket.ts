import { EventEmitter } from 'node:events';
import type { EventChange } from '../../../src/contract/sportsbook';

/** Just what the hub uses of a ws socket; records the Buffers it was sent. */
export class FakeLiveSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: Buffer[] = [];
  send(data: Buffer) {
    this.sent.push(data);
  }
  close() {}
  terminate() {}
  ping() {}
  subscribe(lists: boolean, eventIds: string[]) {
    this.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe', lists, eventIds })), false);
  }
  auth(sessionToken: string) {
    this.emit('message', Buffer.from(JSON.stringify({ type: 'auth', sessionToken })), false);
  }
  types(): string[] {
    return this.sent.map((data) => (JSON.parse(String(data)) as { type: string }).type);
  }
  /** The event-updates messages received, each as its list of changes. */
  changes(): EventChange[][] {
    return this.sent
      .map((data) => JSON.parse(String(data)) as { type: string; updates?: EventChange[] })
      .flatMap((message) => (message.type === 'event-updates' ? [message.updates!] : []));
  }
}
