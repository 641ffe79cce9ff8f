import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Clock } from '../platform/clock';
import { signWalletRequest } from '../platform/signing/wallet-signature';
import {
  walletBatchResponse,
  walletCallPath,
  WALLET_CREDIT_BATCH_PATH,
  WALLET_DEBIT_BATCH_PATH,
  WALLET_SIGNATURE_HEADER,
  type WalletCall,
} from '../../src/contract/games';

/** The PAM's player ids are integers; the sportsbook keeps them as text (its schema is the PAM's neighbour, not its copy). */
export const pamPlayerId = (playerId: string): number => Number(playerId);

/**
 * The only door to money: signed calls to the PAM's seamless wallet API (docs/architecture.md, "The wallet doors").
 * This class only sends and classifies; the outbox (wallet/outbox.ts) stores money calls before they are sent
 * and retries them with the same id and body until they are answered.
 */
export type WalletEndpoint = WalletCall;

/**
 * ok: the PAM did it (or had done it: every call is idempotent on transactionId); refused: a definitive no with
 * the PAM's code; unanswered: no usable answer (network, timeout, 5xx, a signature the PAM did not accept), so
 * whether it happened is unknown and the same call must be sent again.
 */
export type WalletAnswer =
  | { outcome: 'ok'; body: Record<string, unknown> }
  | { outcome: 'refused'; status: number; code: string; message: string }
  | { outcome: 'unanswered'; reason: string };

export interface WalletClientOptions {
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
 * POSTs on a pool of kept-alive connections (node:http): a placement and a settlement's credits each make a call,
 * and fetch's per-request machinery (streams, abort signals) cost more than the call itself at hundreds a second.
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

export class WalletClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly post: Post;

  constructor(private readonly options: WalletClientOptions) {
    this.base = options.pamUrl.replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.post = options.fetch ? postWithFetch(options.fetch) : postOnPool(this.base);
  }

  async call(endpoint: WalletEndpoint, body: Record<string, unknown>): Promise<WalletAnswer> {
    return this.send(walletCallPath(endpoint), body);
  }

  /**
   * Credits in one call (the wallet API's batched credit): each its own answer, in the order given; or one
   * 'unanswered' for all when the call as a whole got no usable answer (send them all again).
   */
  creditMany(
    bodies: readonly Record<string, unknown>[],
  ): Promise<WalletAnswer[] | Extract<WalletAnswer, { outcome: 'unanswered' }>> {
    return this.sendMany(WALLET_CREDIT_BATCH_PATH, 'credits', bodies);
  }

  /** Debits in one call (the wallet API's batched debit), answered like creditMany. */
  debitMany(
    bodies: readonly Record<string, unknown>[],
  ): Promise<WalletAnswer[] | Extract<WalletAnswer, { outcome: 'unanswered' }>> {
    return this.sendMany(WALLET_DEBIT_BATCH_PATH, 'debits', bodies);
  }

  private async sendMany(
    path: string,
    key: 'credits' | 'debits',
    bodies: readonly Record<string, unknown>[],
  ): Promise<WalletAnswer[] | Extract<WalletAnswer, { outcome: 'unanswered' }>> {
    const answer = await this.send(path, { [key]: bodies });
    if (answer.outcome === 'unanswered') return answer;
    if (answer.outcome === 'refused')
      return { outcome: 'unanswered', reason: `batch refused: HTTP ${answer.status} ${answer.code}` };
    const results = walletBatchResponse.safeParse(answer.body);
    if (!results.success || results.data.results.length !== bodies.length)
      return { outcome: 'unanswered', reason: 'batch answer not understood' };
    return results.data.results.map((result, index) =>
      result.transactionId !== bodies[index]!.transactionId
        ? { outcome: 'unanswered', reason: 'batch answer out of order' }
        : 'answer' in result
          ? { outcome: 'ok', body: result.answer }
          : classify(result.error.status, result.error),
    );
  }

  private async send(path: string, body: unknown): Promise<WalletAnswer> {
    const raw = JSON.stringify(body);
    let response: { status: number; text: string };
    try {
      const headers = {
        'content-type': 'application/json',
        [WALLET_SIGNATURE_HEADER]: signWalletRequest(this.options.secret, 'POST', path, raw, this.options.clock.now()),
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
    return classify(response.status, answer);
  }
}

/** A refusal is definitive only with a code, and not for a server error, a rate limit or our own signature. */
function classify(status: number, answer: { code?: unknown; message?: unknown }): WalletAnswer {
  const code = typeof answer.code === 'string' ? answer.code : '';
  // A signature the PAM refused is our configuration or clock, not an answer about the money: try again later.
  if (status >= 500 || status === 429 || code === 'BadSignature' || code === '')
    return { outcome: 'unanswered', reason: `HTTP ${status} ${code}`.trim() };
  return { outcome: 'refused', status, code, message: typeof answer.message === 'string' ? answer.message : code };
}
