/**
 * WebSocket clients for `npm run bench -- live` (a child process, so they do not share the server's event loop):
 * opens sockets to the given instances in turn and subscribes each to the lists (every event's latest state). At the
 * end the bench sends when each change was made and gets back a histogram of delays (1 ms buckets), how many
 * deliveries never came, and when the first and the last copy of each message that carried them arrived.
 *
 * Each client is a bare TCP socket speaking just enough WebSocket (./ws-raw-client.ts). List sockets of an instance get the same bytes (a push round sends at most a few distinct
 * messages), so a message's changes (`eventId:seq`) are read once, a copy equal to one of the last few read is only
 * compared, and each message keeps which socket got it when.
 */
import type net from 'node:net';
import { openRawSocket } from './ws-raw-client';

/** `changes`: each change's key, when it was asked for and when it was stored and handed to the sockets (epoch ms). */
type FromBench =
  { type: 'connect'; urls: string[]; count: number } | { type: 'finish'; changes: Array<[string, number, number]> };

const CHANGE = /"eventId":"([^"]+)","seq":(\d+)/g;
const subscribe = JSON.stringify({ type: 'subscribe', lists: true, eventIds: [] });

const sockets: net.Socket[] = [];
let instances = 1;

interface Message {
  instance: number;
  /** The changes it carries, `eventId:seq`. */
  changes: string[];
  /** Which socket got it (index in `sockets`), and when: parallel lists. */
  who: number[];
  times: number[];
}

/** Every message read, by instance and text. */
const messages = new Map<string, Message>();
/** Per instance, the last few distinct messages read with their bytes: a copy is compared, not parsed again. */
const recent: Array<Array<{ payload: Buffer; message: Message }>> = [];
const RECENT = 4;

function received(instance: number, socketIndex: number, payload: Buffer, at: number): void {
  const seen = (recent[instance] ??= []);
  let message = seen.find((entry) => entry.payload.equals(payload))?.message;
  if (!message) {
    const text = payload.toString('latin1');
    const key = `${instance}|${text}`;
    message = messages.get(key);
    if (!message) {
      const changes = [...text.matchAll(CHANGE)].map((match) => `${match[1]}:${match[2]}`);
      if (changes.length === 0) return;
      messages.set(key, (message = { instance, changes, who: [], times: [] }));
    }
    // Kept as a copy: the payload is a view of the buffer every socket reads into.
    seen.unshift({ payload: Buffer.from(payload), message });
    if (seen.length > RECENT) seen.pop();
  }
  message.who.push(socketIndex);
  message.times.push(at);
}

/** Opens a socket to one instance's /ws, subscribed to the lists. */
const open = (url: string, instance: number): Promise<boolean> =>
  openRawSocket(url, Buffer.from(subscribe), (socket) => {
    const socketIndex = sockets.push(socket) - 1;
    return (payload, at) => received(instance, socketIndex, payload, at);
  });

process.on('message', async (message: FromBench) => {
  if (message.type === 'connect') {
    instances = message.urls.length;
    let failed = 0;
    // A few at a time: a burst of thousands of handshakes is a different test.
    for (let start = 0; start < message.count; start += 100) {
      const batch = Array.from({ length: Math.min(100, message.count - start) }, (_, n) =>
        open(message.urls[(start + n) % message.urls.length]!, (start + n) % message.urls.length),
      );
      failed += (await Promise.all(batch)).filter((ok) => !ok).length;
    }
    process.send!({ type: 'connected', count: sockets.length, failed });
    return;
  }
  // Per instance and event, the messages that carried it, by seq: a change reached a socket when the socket got that
  // change or a later one of the same event, in whichever message came first (a list socket gets each event's latest
  // state, so a change superseded before a socket's turn reaches it as the later one).
  const carried = new Map<string, Array<{ seq: number; message: Message }>>();
  for (const message of messages.values()) {
    for (const change of message.changes) {
      const where = `${message.instance}|${change.slice(0, change.lastIndexOf(':'))}`;
      let list = carried.get(where);
      if (!list) carried.set(where, (list = []));
      list.push({ seq: seqOf(change), message });
    }
  }
  for (const list of carried.values()) list.sort((a, b) => a.seq - b.seq);
  const histogram = new Array<number>(10_000).fill(0);
  const fromStored = new Array<number>(10_000).fill(0);
  let missed = 0;
  let delivered = 0;
  /** The messages that carried the measured changes: when their first and last copy arrived here, and how many came. */
  const pushes = new Map<Message, [number, number, number]>();
  const first = new Float64Array(sockets.length);
  for (const [change, at, stored] of message.changes) {
    const seq = seqOf(change);
    const eventId = change.slice(0, change.lastIndexOf(':'));
    first.fill(Infinity);
    for (let instance = 0; instance < instances; instance++) {
      for (const entry of carried.get(`${instance}|${eventId}`) ?? []) {
        if (entry.seq < seq) continue;
        const { who, times } = entry.message;
        if (!pushes.has(entry.message))
          pushes.set(entry.message, [Math.min(...times), Math.max(...times), times.length]);
        for (let index = 0; index < who.length; index++)
          if (times[index]! < first[who[index]!]!) first[who[index]!] = times[index]!;
      }
    }
    for (const received of first) {
      if (received === Infinity) {
        missed++;
        continue;
      }
      delivered++;
      histogram[Math.min(9_999, Math.max(0, Math.floor(received - at)))]!++;
      fromStored[Math.min(9_999, Math.max(0, Math.floor(received - stored)))]!++;
    }
  }
  for (const socket of sockets) socket.destroy();
  process.send!({
    type: 'result',
    histogram,
    fromStored,
    missed,
    delivered,
    pushes: [...pushes].map(([carrier, spread]) => [`${carrier.instance}|${carrier.changes.join(',')}`, spread]),
  });
});

const seqOf = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));
