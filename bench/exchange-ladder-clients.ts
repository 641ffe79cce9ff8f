/**
 * WebSocket clients for the exchange bench's ladder part (a child process, so they do not share the exchange's
 * event loop or the bench's): opens `count` sockets to the exchange's /ws and subscribes each to one market's
 * ladder. Each change the bench makes leaves a level of a size of its own on that market's ladder, so a frame is
 * known by that size; every socket's first receipt of each is kept. At the end the bench says when each change was
 * sent and gets back a histogram of delays (1 ms buckets), how many deliveries never came, and when each change's first
 * and last copy came.
 *
 * Like ./live-clients.ts each client is a bare TCP socket speaking just enough WebSocket (RFC 6455), reading into
 * one shared buffer; the sockets get the same bytes, so a copy equal to the last frame decoded is only compared.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';

type FromBench =
  | { type: 'connect'; url: string; marketId: string; count: number }
  | { type: 'finish'; changes: Array<[size: number, sentAt: number]> };

const BUCKETS = 10_000;
const SIZE = /"size":(\d+)/;
const sockets: net.Socket[] = [];
/** Sockets whose upgrade was answered 101 and subscribed, by index. */
const upgradedSockets: boolean[] = [];
/** By the level size a change left: when each socket (by index) first got a frame showing it. */
const receipts = new Map<number, Float64Array>();
let last: { payload: Buffer; size: number } | undefined;

function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const header = payload.length < 126 ? 6 : 8;
  const frame = Buffer.alloc(header + payload.length);
  frame[0] = 0x80 | opcode;
  if (header === 6) frame[1] = 0x80 | payload.length;
  else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(payload.length, 2);
  }
  mask.copy(frame, header - 4);
  for (let index = 0; index < payload.length; index++) frame[header + index] = payload[index]! ^ mask[index % 4]!;
  return frame;
}

function received(socketIndex: number, payload: Buffer, at: number): void {
  let size: number;
  if (last && last.payload.equals(payload)) size = last.size;
  else {
    const match = SIZE.exec(payload.toString('latin1'));
    size = match ? Number(match[1]) : -1;
    last = { payload: Buffer.from(payload), size };
  }
  if (size < 0) return;
  let times = receipts.get(size);
  if (!times) receipts.set(size, (times = new Float64Array(sockets.length).fill(Infinity)));
  if (at < times[socketIndex]!) times[socketIndex] = at;
}

function readFrames(socket: net.Socket, socketIndex: number, data: Buffer, at: number): Buffer | undefined {
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
    if (opcode === 1) received(socketIndex, payload, at);
    else if (opcode === 9) socket.write(clientFrame(0xa, payload));
    offset = start + length;
  }
  return offset < data.length ? data.subarray(offset) : undefined;
}

const readBuffer = Buffer.allocUnsafe(256 * 1024);

function open(url: string, subscribe: Buffer, socketIndex: number): Promise<boolean> {
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
        upgradedSockets[socketIndex] = true;
        socket.write(clientFrame(1, subscribe));
        resolve(true);
        data = data.subarray(end + 4);
      }
      const unread = readFrames(socket, socketIndex, data, at);
      rest = unread && Buffer.from(unread);
    };
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: { buffer: readBuffer, callback: (length) => (read(length), true) },
    });
    sockets[socketIndex] = socket;
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
    const subscribe = Buffer.from(JSON.stringify({ type: 'subscribe', marketIds: [message.marketId] }));
    let failed = 0;
    // A few at a time: a burst of thousands of handshakes is a different test.
    for (let start = 0; start < message.count; start += 100) {
      const batch = Array.from({ length: Math.min(100, message.count - start) }, (_, n) =>
        open(message.url, subscribe, start + n),
      );
      failed += (await Promise.all(batch)).filter((ok) => !ok).length;
    }
    process.send!({ type: 'connected', count: message.count - failed, failed });
    return;
  }
  const histogram = new Array<number>(BUCKETS).fill(0);
  let missed = 0;
  let delivered = 0;
  /** Per change, when its first and last copy arrived here (epoch ms). */
  const spreads: Array<[number, number]> = [];
  for (const [size, sentAt] of message.changes) {
    const times = receipts.get(size);
    let first = Infinity;
    let last = -Infinity;
    for (let index = 0; index < sockets.length; index++) {
      if (!upgradedSockets[index]) continue;
      const at = times?.[index] ?? Infinity;
      if (at === Infinity) {
        missed++;
        continue;
      }
      delivered++;
      first = Math.min(first, at);
      last = Math.max(last, at);
      histogram[Math.min(BUCKETS - 1, Math.max(0, Math.floor(at - sentAt)))]!++;
    }
    spreads.push([first, last]);
  }
  for (const socket of sockets) socket.destroy();
  process.send!({ type: 'result', histogram, missed, delivered, spreads });
});
