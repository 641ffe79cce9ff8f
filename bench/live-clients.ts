/**
 * WebSocket clients for `npm run bench -- live` (a child process, so they do not share the server's event loop):
 * opens sockets to the given instances in turn and subscribes each to the lists (every event's latest state). At the
 * end the bench sends when each change was made and gets back a histogram of delays (1 ms buckets), how many
 * deliveries never came, and when the first and the last copy of each push that carried them arrived.
 *
 * The clients share the machine's cores with the server they measure, so each is a bare TCP socket speaking just
 * enough WebSocket (RFC 6455: the upgrade, unmasked text frames in, masked frames out, pong): no per-frame events,
 * no UTF-8 check, no JSON. Every list socket of an instance gets the same bytes per push, so a message's changes
 * (`eventId:seq`) are read once, keyed by its instance and first change (a copy equal to the last message read is
 * only compared), and each socket keeps only when it got which message.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';

/** `changes`: each change's key, when it was asked for and when it was stored and handed to the sockets (epoch ms). */
type FromBench = { type: 'connect'; urls: string[]; count: number } | { type: 'finish'; changes: Array<[string, number, number]> };

const CHANGE = /"eventId":"([^"]+)","seq":(\d+)/g;
const FIRST_CHANGE = /"eventId":"([^"]+)","seq":(\d+)/;
const subscribe = JSON.stringify({ type: 'subscribe', lists: true, eventIds: [] });

const sockets: net.Socket[] = [];
let instances = 1;
/** A message (by its first change) to the changes it carries. */
const messages = new Map<string, string[]>();
/** A message (by its first change) to when each socket got it. */
const receipts = new Map<string, number[]>();

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

/** Per instance, the last message read and its receipts: the next socket's copy is compared, not parsed again. */
const lastRead: Array<{ payload: Buffer; times: number[] } | undefined> = [];

function received(instance: number, payload: Buffer, at: number): void {
  const last = lastRead[instance];
  if (last && last.payload.equals(payload)) {
    last.times.push(at);
    return;
  }
  const first = FIRST_CHANGE.exec(payload.toString('latin1', 0, 200));
  if (!first) return;
  const key = `${instance}|${first[1]}:${first[2]}`;
  let times = receipts.get(key);
  if (!times) {
    receipts.set(key, (times = []));
    messages.set(key, [...payload.toString('latin1').matchAll(CHANGE)].map((match) => `${match[1]}:${match[2]}`));
  }
  // Kept as a copy: the payload is a view of a chunk the socket may reuse.
  lastRead[instance] = { payload: Buffer.from(payload), times };
  times.push(at);
}

/** Reads whole frames from `data` (what is left over waits for the next chunk); answers the unread rest. */
function readFrames(socket: net.Socket, instance: number, data: Buffer, at: number): Buffer | undefined {
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
    if (opcode === 1) received(instance, payload, at);
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
        sockets.push(socket);
        resolve(true);
        data = data.subarray(end + 4);
      }
      const unread = readFrames(socket, instance, data, at);
      rest = unread && Buffer.from(unread);
    };
    const socket = net.connect({ host: hostname, port: Number(port), onread: { buffer: readBuffer, callback: (length) => (read(length), true) } });
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
      const batch = Array.from({ length: Math.min(100, message.count - start) }, (_, n) => open(message.urls[(start + n) % message.urls.length]!, (start + n) % message.urls.length));
      failed += (await Promise.all(batch)).filter((ok) => !ok).length;
    }
    process.send!({ type: 'connected', count: sockets.length, failed });
    return;
  }
  // Per event, the messages that carried it, by seq: a change reached a socket when it got that change or a later
  // one of the same event (a list socket gets each event's latest state; a change superseded within a push never travels).
  // By instance and event: each instance's sockets get their own messages.
  const carried = new Map<string, Array<{ seq: number; times: number[]; key: string }>>();
  for (const [key, times] of receipts) {
    const instance = key.slice(0, key.indexOf('|'));
    for (const change of messages.get(key)!) {
      const where = `${instance}|${change.slice(0, change.lastIndexOf(':'))}`;
      let list = carried.get(where);
      if (!list) carried.set(where, (list = []));
      list.push({ seq: seqOf(change), times, key });
    }
  }
  for (const list of carried.values()) list.sort((a, b) => a.seq - b.seq);
  const histogram = new Array<number>(10_000).fill(0);
  const fromStored = new Array<number>(10_000).fill(0);
  let missed = 0;
  let delivered = 0;
  /** The messages (pushes) that carried the measured changes: when their first and last copy arrived here. */
  const pushes = new Map<string, [number, number]>();
  for (const [change, at, stored] of message.changes) {
    const seq = seqOf(change);
    const eventId = change.slice(0, change.lastIndexOf(':'));
    let reached = 0;
    for (let instance = 0; instance < instances; instance++) {
      const carrier = carried.get(`${instance}|${eventId}`)?.find((entry) => entry.seq >= seq);
      const times = carrier?.times ?? [];
      if (carrier && !pushes.has(carrier.key)) pushes.set(carrier.key, [Math.min(...times), Math.max(...times)]);
      reached += times.length;
      for (const received of times) {
        histogram[Math.min(9_999, Math.max(0, Math.floor(received - at)))]!++;
        fromStored[Math.min(9_999, Math.max(0, Math.floor(received - stored)))]!++;
      }
    }
    missed += Math.max(0, sockets.length - reached);
    delivered += reached;
  }
  for (const socket of sockets) socket.destroy();
  process.send!({ type: 'result', histogram, fromStored, missed, delivered, pushes: [...pushes] });
});

const seqOf = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));
