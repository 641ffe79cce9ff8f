import { p2pWalletCallPath, type P2pWalletCall } from '../../../src/contract/p2p-wallet';
import { SignedClient, type SignedClientOptions, type WalletAnswer } from '../../platform/http/signed-client';

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
}
