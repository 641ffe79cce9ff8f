import type { Clock } from '../clock';
import { signWalletRequest } from '../modules/games/signature';
import { walletCallPath, WALLET_SIGNATURE_HEADER, type WalletCall } from '../../src/contract/games';

/** The PAM's player ids are integers; the sportsbook keeps them as text (its schema is the PAM's neighbour, not its copy). */
export const pamPlayerId = (playerId: string): number => Number(playerId);

/**
 * The only door to money: signed calls to the PAM's seamless wallet API (DESIGN.md, "Seamless wallet API").
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

export class WalletClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly send: typeof fetch;

  constructor(private readonly options: WalletClientOptions) {
    this.base = options.pamUrl.replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? 5_000;
    // Node's fetch keeps connections alive and reuses them per origin.
    this.send = options.fetch ?? fetch;
  }

  async call(endpoint: WalletEndpoint, body: Record<string, unknown>): Promise<WalletAnswer> {
    const raw = JSON.stringify(body);
    let response: Response;
    try {
      response = await this.send(`${this.base}${walletCallPath(endpoint)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WALLET_SIGNATURE_HEADER]: signWalletRequest(this.options.secret, raw, this.options.clock.now()) },
        body: raw,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      return { outcome: 'unanswered', reason: error instanceof Error ? error.message : String(error) };
    }
    let answer: Record<string, unknown>;
    try {
      answer = (await response.json()) as Record<string, unknown>;
    } catch {
      return { outcome: 'unanswered', reason: `HTTP ${response.status} without a JSON body` };
    }
    if (response.ok) return { outcome: 'ok', body: answer };
    const code = typeof answer.code === 'string' ? answer.code : '';
    // A signature the PAM refused is our configuration or clock, not an answer about the money: try again later.
    if (response.status >= 500 || response.status === 429 || code === 'BadSignature' || code === '') {
      return { outcome: 'unanswered', reason: `HTTP ${response.status} ${code}`.trim() };
    }
    return { outcome: 'refused', status: response.status, code, message: typeof answer.message === 'string' ? answer.message : code };
  }
}
