/**
 * WebSocket clients for `npm run bench -- live` (a child process, so they do not share the server's event loop):
 * opens sockets to the given instances in turn and subscribes each to the lists (every event's latest state). At the
 * end the bench sends when each change was made and gets back a histogram of delays (1 ms buckets), how many
 * deliveries never came, and when the first and the last copy of each message that carried them arrived.
 *
 * The clients share the machine's cores with the server they measure, so each is a bare TCP socket speaking just
 * enough WebSocket (RFC 6455: the upgrade, unmasked text frames in, masked frames out, pong): no per-frame events,
 * no UTF-8 check, no JSON. List sockets of an instance get the same bytes (a push round sends at most a few distinct
 * messages), so a message's changes (`eventId:seq`) are read once, a copy equal to one of the last few read is only
 * compared, and each message keeps which socket got it when.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';

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

/** A client-to-server frame: masked, as RFC 6455 requires of clients (payloads here are small). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let index = 0; index < payload.length; index++) frame[6 + index] = payload[index]! ^ mask[index % 4]!;
  return frame;
}

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

/** Reads whole frames from `data` (what is left over waits for the next chunk); answers the unread rest. */
function readFrames(
  socket: net.Socket,
  instance: number,
  socketIndex: number,
  data: Buffer,
  at: number,
): Buffer | undefined {
  let offset = 0;
  while (data.length - offset >= 2) {
    const opcode = data[offset]! & 0x0f;
    let length = data[offset + 1]! & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (data.length - offset < 4) break;
      length = data.readUInt16BE(offset + 2);
      start = offset + 4;
    } else if (length === 127) {
      if (data.length - offset < 10) break;
      length = data.readUInt32BE(offset + 6);
      start = offset + 10;
    }
    if (data.length < start + length) break;
    const payload = data.subarray(start, start + length);
    if (opcode === 1) received(instance, socketIndex, payload, at);
    else if (opcode === 9) socket.write(clientFrame(0xa, payload));
    offset = start + length;
  }
  return offset < data.length ? data.subarray(offset) : undefined;
}

/**
 * Every socket reads into this one buffer (net's `onread`): no Buffer and no 'data' event per read, which at ten
 * thousand sockets would cost the clients more CPU than the server spends writing. Whatever is kept is copied out.
 */
const readBuffer = Buffer.allocUnsafe(256 * 1024);

function open(url: string, instance: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let upgraded = false;
    let socketIndex = -1;
    let rest: Buffer | undefined;
    const read = (length: number): void => {
      const at = performance.timeOrigin + performance.now();
      let data = rest ? Buffer.concat([rest, readBuffer.subarray(0, length)]) : readBuffer.subarray(0, length);
      rest = undefined;
      if (!upgraded) {
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) {
          rest = Buffer.from(data);
          return;
        }
        if (!data.toString('latin1', 0, 12).includes(' 101')) {
          socket.destroy();
          return resolve(false);
        }
        upgraded = true;
        socket.write(clientFrame(1, Buffer.from(subscribe)));
        socketIndex = sockets.push(socket) - 1;
        resolve(true);
        data = data.subarray(end + 4);
      }
      const unread = readFrames(socket, instance, socketIndex, data, at);
      rest = unread && Buffer.from(unread);
    };
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: { buffer: readBuffer, callback: (length) => (read(length), true) },
    });
    socket.setNoDelay(true);
    socket.on('connect', () => {
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('error', () => resolve(false));
  });
}

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
