import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Clock } from '../clock';
import { signWalletRequest } from '../signing/wallet-signature';

/** The header a signed server-to-server call carries (`t=<unix seconds>,v1=<hex HMAC>`), on every wallet door. */
const SIGNED_CALL_HEADER = 'x-signature';

/**
 * ok: the PAM did it (or had done it: every call is idempotent on transactionId); refused: a definitive no with
 * the PAM's code; unanswered: no usable answer (network, timeout, 5xx, a signature the PAM did not accept), so
 * whether it happened is unknown and the same call must be sent again.
 */
export type WalletAnswer =
  | { outcome: 'ok'; body: Record<string, unknown> }
  | { outcome: 'refused'; status: number; code: string; message: string }
  | { outcome: 'unanswered'; reason: string };

export interface SignedClientOptions {
  /** The PAM's base URL, e.g. http://127.0.0.1:8080 (PAM_URL). */
  pamUrl: string;
  secret: string;
  clock: Clock;
  /** Per attempt. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** One POST and its answer's status and text; rejects when no answer came. */
type Post = (
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) => Promise<{ status: number; text: string }>;

const postWithFetch =
  (send: typeof fetch): Post =>
  async (url, headers, body, timeoutMs) => {
    const response = await send(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  };

/**
 * POSTs on a pool of kept-alive connections (node:http): fetch's per-request machinery (streams, abort signals)
 * costs more than the call itself at hundreds a second.
 */
function postOnPool(base: string): Post {
  const secure = new URL(base).protocol === 'https:';
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: 64 })
    : new HttpAgent({ keepAlive: true, maxSockets: 64 });
  const request = secure ? httpsRequest : httpRequest;
  return (url, headers, body, timeoutMs) =>
    new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
}

/** Signed JSON calls to one of the PAM's wallet doors (the sportsbook's or the exchange's), classified for an outbox. */
export class SignedClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly post: Post;

  constructor(private readonly options: SignedClientOptions) {
    this.base = options.pamUrl.replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.post = options.fetch ? postWithFetch(options.fetch) : postOnPool(this.base);
  }

  async send(path: string, body: unknown): Promise<WalletAnswer> {
    const raw = JSON.stringify(body);
    let response: { status: number; text: string };
    try {
      const headers = {
        'content-type': 'application/json',
        [SIGNED_CALL_HEADER]: signWalletRequest(this.options.secret, 'POST', path, raw, this.options.clock.now()),
      };
      response = await this.post(`${this.base}${path}`, headers, raw, this.timeoutMs);
    } catch (error) {
      return { outcome: 'unanswered', reason: error instanceof Error ? error.message : String(error) };
    }
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(response.text) as Record<string, unknown>;
    } catch {
      return { outcome: 'unanswered', reason: `HTTP ${response.status} without a JSON body` };
    }
    if (response.status >= 200 && response.status < 300) return { outcome: 'ok', body: answer };
    return classifyRefusal(response.status, answer);
  }
}

/** A refusal is definitive only with a code, and not for a server error, a rate limit or our own signature. */
export function classifyRefusal(status: number, answer: { code?: unknown; message?: unknown }): WalletAnswer {
  const code = typeof answer.code === 'string' ? answer.code : '';
  // A signature the PAM refused is our configuration or clock, not an answer about the money: try again later.
  if (status >= 500 || status === 429 || code === 'BadSignature' || code === '')
    return { outcome: 'unanswered', reason: `HTTP ${status} ${code}`.trim() };
  return { outcome: 'refused', status, code, message: typeof answer.message === 'string' ? answer.message : code };
}
