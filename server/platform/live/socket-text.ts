import type { RawData } from 'ws';

/** A text frame's characters: ws hands over a Buffer, or its fragments when a client splits a message. */
export function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}
