import { p2pWalletCallPath, type P2pBatchOutcome, type P2pWalletCall } from '../../../src/contract/p2p-wallet';
import {
  classifyRefusal,
  SignedClient,
  type SignedClientOptions,
  type WalletAnswer,
} from '../../platform/http/signed-client';

export type { WalletAnswer };

/**
 * The exchange's only door to money: signed calls to the PAM's P2P wallet (src/contract/p2p-wallet.ts). It only
 * sends and classifies; the outbox (wallet/outbox.ts) stores money calls before they are sent and sends them again
 * with the same id and body until they are answered.
 */
export class P2pWalletClient {
  private readonly client: SignedClient;

  constructor(options: SignedClientOptions) {
    this.client = new SignedClient(options);
  }

  call(call: P2pWalletCall, body: Record<string, unknown>): Promise<WalletAnswer> {
    return this.client.send(p2pWalletCallPath(call), body);
  }

  /**
   * Many holds in one call, each answered on its own in the order sent; all unanswered when the call as a whole got
   * no usable answer (then each must be sent again, with the same id and body).
   */
  holds(holds: ReadonlyArray<Record<string, unknown>>): Promise<WalletAnswer[]> {
    return this.many('holds', { holds }, holds.length);
  }

  /** Many releases in one call, answered as `holds` answers. */
  releases(releases: ReadonlyArray<Record<string, unknown>>): Promise<WalletAnswer[]> {
    return this.many('releases', { releases }, releases.length);
  }

  private async many(
    call: 'holds' | 'releases',
    body: Record<string, unknown>,
    count: number,
  ): Promise<WalletAnswer[]> {
    const answer = await this.client.send(p2pWalletCallPath(call), body);
    const results = answer.outcome === 'ok' ? answer.body.results : undefined;
    if (!Array.isArray(results) || results.length !== count) {
      const reason = answer.outcome === 'unanswered' ? answer.reason : `the batch was answered ${answer.outcome}`;
      return Array.from({ length: count }, () => ({ outcome: 'unanswered', reason }));
    }
    return (results as P2pBatchOutcome[]).map((result): WalletAnswer => {
      if ('answer' in result) return { outcome: 'ok', body: result.answer };
      return classifyRefusal(result.error.status, result.error);
    });
  }
}
