/**
 * WebSocket clients for the exchange bench's ladder part (a child process, so they do not share the exchange's
 * event loop or the bench's): opens `count` sockets to the exchange's /ws and subscribes each to one market's
 * ladder. Each change the bench makes leaves a level of a size of its own on that market's ladder, so a frame is
 * known by that size; every socket's first receipt of each is kept. At the end the bench says when each change was
 * sent and gets back a histogram of delays (1 ms buckets), how many deliveries never came, and when each change's first
 * and last copy came.
 *
 * Like ./live-clients.ts each client is a bare TCP socket speaking just enough WebSocket (./ws-raw-client.ts); the
 * sockets get the same bytes, so a copy equal to the last frame decoded is only compared.
 */
import type net from 'node:net';
import { openRawSocket } from './ws-raw-client';

type FromBench =
  | { type: 'connect'; url: string; marketId: string; count: number }
  | { type: 'finish'; changes: Array<[size: number, sentAt: number]> };

const BUCKETS = 10_000;
const SIZE = /"size":(\d+)/;
/** The subscribed sockets, in the order their upgrades were answered. */
const sockets: net.Socket[] = [];
/** By the level size a change left: when each socket (by index) first got a frame showing it. */
const receipts = new Map<number, Float64Array>();
let last: { payload: Buffer; size: number } | undefined;

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

process.on('message', async (message: FromBench) => {
  if (message.type === 'connect') {
    const subscribe = Buffer.from(JSON.stringify({ type: 'subscribe', marketIds: [message.marketId] }));
    let failed = 0;
    // A few at a time: a burst of thousands of handshakes is a different test.
    for (let start = 0; start < message.count; start += 100) {
      const batch = Array.from({ length: Math.min(100, message.count - start) }, () =>
        openRawSocket(message.url, subscribe, (socket) => {
          const index = sockets.push(socket) - 1;
          return (payload, at) => received(index, payload, at);
        }),
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
