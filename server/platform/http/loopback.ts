import { isLoopbackHost } from '../config';

/** The peer's address is this machine's (IPv4 loopback, IPv6 loopback, or IPv4 loopback mapped into IPv6). */
export const isLoopbackAddress = (ip: string) => ip === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(ip);

/**
 * The Host header names this machine. A reverse proxy forwarding public traffic from this machine passes the
 * public name, and a DNS-rebinding page passes its own: neither is a loopback name.
 */
export function isLoopbackHostHeader(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return isLoopbackHost(name);
}
