import {
  SignedClient,
  classifyRefusal,
  type SignedClientOptions,
  type WalletAnswer,
} from '../platform/http/signed-client';
import {
  walletBatchResponse,
  walletCallPath,
  WALLET_CREDIT_BATCH_PATH,
  WALLET_DEBIT_BATCH_PATH,
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

export type { WalletAnswer };
export type WalletClientOptions = SignedClientOptions;

export class WalletClient {
  private readonly client: SignedClient;

  constructor(options: WalletClientOptions) {
    this.client = new SignedClient(options);
  }

  async call(endpoint: WalletEndpoint, body: Record<string, unknown>): Promise<WalletAnswer> {
    return this.client.send(walletCallPath(endpoint), body);
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
    const answer = await this.client.send(path, { [key]: bodies });
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
          : classifyRefusal(result.error.status, result.error),
    );
  }
}
