/**
 * WebSocket clients for `npm run bench -- live` (a child process, so they do not share the server's event loop):
 * opens sockets to the given instances in turn, subscribes each to the lists (every event's updates) and keeps,
 * per update (`eventId:seq`), when each socket received it. At the end the bench sends when each change was made
 * and gets back a histogram of delays (1 ms buckets) and how many deliveries never came.
 */
import WebSocket from 'ws';

type FromBench = { type: 'connect'; urls: string[]; count: number } | { type: 'finish'; changes: Array<[string, number]> };

const sockets: WebSocket[] = [];
const receipts = new Map<string, number[]>();
const HEAD = /"eventId":"([^"]+)","seq":(\d+)/;

function open(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', lists: true, eventIds: [] }));
      sockets.push(socket);
      resolve(true);
    });
    socket.on('message', (data) => {
      const at = performance.timeOrigin + performance.now();
      const head = HEAD.exec(String(data).slice(0, 300));
      if (!head) return;
      const key = `${head[1]}:${head[2]}`;
      const list = receipts.get(key);
      if (list) list.push(at);
      else receipts.set(key, [at]);
    });
    socket.on('error', () => resolve(false));
  });
}

process.on('message', async (message: FromBench) => {
  if (message.type === 'connect') {
    let failed = 0;
    // A few at a time: a burst of thousands of handshakes is a different test.
    for (let start = 0; start < message.count; start += 50) {
      const batch = Array.from({ length: Math.min(50, message.count - start) }, (_, n) => open(message.urls[(start + n) % message.urls.length]!));
      failed += (await Promise.all(batch)).filter((ok) => !ok).length;
    }
    process.send!({ type: 'connected', count: sockets.length, failed });
    return;
  }
  const histogram = new Array<number>(10_000).fill(0);
  let missed = 0;
  let delivered = 0;
  for (const [key, at] of message.changes) {
    const got = receipts.get(key) ?? [];
    missed += Math.max(0, sockets.length - got.length);
    for (const received of got) {
      histogram[Math.min(9_999, Math.max(0, Math.floor(received - at)))]!++;
      delivered++;
    }
  }
  for (const socket of sockets) socket.terminate();
  process.send!({ type: 'result', histogram, missed, delivered });
});
