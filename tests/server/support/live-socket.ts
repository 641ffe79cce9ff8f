import WebSocket from 'ws';

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
