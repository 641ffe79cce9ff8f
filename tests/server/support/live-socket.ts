import WebSocket from 'ws';
import { expect } from 'vitest';
import { WS_MAX_MESSAGE_BYTES } from '../../../server/platform/http/websocket';

/**
 * A real client of /wws at `address` (http://host:port or ws://host:port) that, like the app, sends its token as the
 * first message once open. `origin` sets the handshake's Origin header, as a browser page would.
 */
export function openLiveSocket(address: string, token?: string, options: { origin?: string } = {}) {
  const socket = new WebSocket(
    `${address.replace(/^http/, 'ws')}/wws`,
    options.origin ? { origin: options.origin } : {},
  );
  const messages: any[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => {
      if (token !== undefined) socket.send(JSON.stringify({ type: 'authenticate', token }));
      resolve();
    });
    socket.on('error', reject);
  });
  return { socket, messages, closed, opened };
}

/** A log stream for an app under test (its logStream), and the lines written to it: pino's JSON, parsed. */
export function capturedLog() {
  const lines: Array<{ level: number } & Record<string, unknown>> = [];
  return { stream: { write: (line: string) => void lines.push(JSON.parse(line)) }, lines };
}

/**
 * Sends one message just over what a client may send (WS_MAX_MESSAGE_BYTES) and checks the answer: the socket closed
 * with 1009 (too big), and the app logged one line of warning for it and nothing worse, with no stack.
 */
export async function expectTooBigClosedQuietly(socket: WebSocket, log: ReturnType<typeof capturedLog>): Promise<void> {
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.send('x'.repeat(WS_MAX_MESSAGE_BYTES + 1));
  expect(await closed).toBe(1009);
  expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
  expect(log.lines.filter((line) => line.level === 40)).toHaveLength(1);
  expect(JSON.stringify(log.lines)).not.toContain('stack');
}
