// One kept-alive HTTP/1.1 connection for the benches' load threads (plain JavaScript: a worker needs no TypeScript
// loader). The browsers it stands for run on other machines; here it shares the cores with the services it measures,
// so it speaks HTTP over a plain socket (one request in flight, the status line, Content-Length and body read, nothing
// else) rather than through node:http's client, which cost about a third of a millisecond a request.
import { connect } from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

/** `send(method, path, token, body?)` resolves with the answer's status code and body text. */
export function connection(target) {
  const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  const opened = new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let pending = Buffer.alloc(0);
  let waiting = null;
  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const end = pending.indexOf(HEADER_END);
    if (end < 0 || !waiting) return;
    const head = pending.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(length)) return waiting.reject(new Error(`no Content-Length: ${head.split('\r\n')[0]}`));
    if (pending.length < end + 4 + length) return;
    const body = pending.subarray(end + 4, end + 4 + length).toString('utf8');
    pending = pending.subarray(end + 4 + length);
    const answer = waiting;
    waiting = null;
    answer.resolve({ status: Number(head.slice(9, 12)), body });
  });
  socket.on('error', (error) => waiting?.reject(error));
  socket.on('close', () => waiting?.reject(new Error('the server closed the connection')));
  return {
    async send(method, path, token, body) {
      await opened;
      const raw = body === undefined ? '' : JSON.stringify(body);
      const answered = new Promise((resolve, reject) => (waiting = { resolve, reject }));
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: Bearer ${token}\r\n` +
          (body === undefined
            ? ''
            : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(raw)}\r\n`) +
          `\r\n${raw}`,
      );
      return answered;
    },
    close: () => socket.end(),
  };
}
