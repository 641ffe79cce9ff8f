import type { WebSocket } from 'ws';

/** A message to many sockets: its UTF-8 JSON, and the same framed once as a WebSocket text frame. */
export interface FramedMessage {
  payload: Buffer;
  frame: Buffer;
}

/** RFC 6455: one final, unmasked text frame (as a server sends), header and payload in one Buffer. */
export function framedText(payload: Buffer): FramedMessage {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return { payload, frame };
}

/**
 * Writes a message framed once straight to the socket's TCP connection: ws would build a header and make two writes
 * per socket, the bulk of a push's cost at ten thousand sockets. Safe because these servers never compress (no
 * permessage-deflate, server/platform/http/websocket.ts), so ws never holds frames back that this one could overtake.
 */
export function writeFramed(socket: WebSocket, message: FramedMessage): void {
  const connection = (socket as unknown as { _socket?: { write(data: Buffer): boolean } })._socket;
  if (connection) connection.write(message.frame);
  else socket.send(message.payload, { binary: false });
}
