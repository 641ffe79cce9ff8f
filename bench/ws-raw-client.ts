/**
 * The live benches' WebSocket clients share the cores with the server they measure, so each is a bare TCP socket
 * speaking just enough WebSocket (RFC 6455: the upgrade, unmasked text frames in, masked frames out, pong): no
 * per-frame events, no UTF-8 check, no JSON.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';

/** A client-to-server frame: masked, as RFC 6455 requires of clients. */
export function clientFrame(opcode: number, payload: Buffer): Buffer {
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

/** What a socket does with each text frame's payload (a view of the shared read buffer: copy what is kept). */
export type OnText = (payload: Buffer, at: number) => void;

/** Reads whole frames from `data` (what is left over waits for the next chunk); answers the unread rest. */
function readFrames(socket: net.Socket, data: Buffer, at: number, onText: OnText): Buffer | undefined {
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
    if (opcode === 1) onText(payload, at);
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

/**
 * Opens `url`'s /ws, sends `subscribe` once upgraded and calls `upgraded` with the socket, which answers what to do
 * with its text frames; resolves true once upgraded, false if the upgrade failed.
 */
export function openRawSocket(
  url: string,
  subscribe: Buffer,
  upgraded: (socket: net.Socket) => OnText,
): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let onText: OnText | undefined;
    let rest: Buffer | undefined;
    const read = (length: number): void => {
      const at = performance.timeOrigin + performance.now();
      let data = rest ? Buffer.concat([rest, readBuffer.subarray(0, length)]) : readBuffer.subarray(0, length);
      rest = undefined;
      if (!onText) {
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) {
          rest = Buffer.from(data);
          return;
        }
        if (!data.toString('latin1', 0, 12).includes(' 101')) {
          socket.destroy();
          return resolve(false);
        }
        socket.write(clientFrame(1, subscribe));
        onText = upgraded(socket);
        resolve(true);
        data = data.subarray(end + 4);
      }
      const unread = readFrames(socket, data, at, onText);
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
