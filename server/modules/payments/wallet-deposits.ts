import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { CardPaymentProvider } from '../../providers/card-payments/provider';
import { unprocessable } from '../../platform/errors';
import type { DepositLimitGuard } from './deposit-limit-guard';
import type { Answer } from './payment-records';
import type { CustomerStanding } from './customer-standing';
import type { SavedCardDeposits } from './saved-card-deposits';
import {
  CREDIT_CARD_REFUSED_MESSAGE,
  OWN_NAME_MESSAGE,
  WALLET_TOKEN_INVALID_MESSAGE,
  type PaymentResult,
  type Wallet,
  type WalletDepositRequest,
  type WalletSheetResponse,
} from '../../../src/contract/payments';

export interface WalletDepositsDeps {
  db: Db;
  clock: Clock;
  provider: CardPaymentProvider;
  limits: DepositLimitGuard;
  standing: CustomerStanding;
  cards: SavedCardDeposits;
}

const nameWords = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/**
 * The card is in the customer's own name (terms 6.3): the same words as the account's name, or the first name
 * given as its initial ('J Smith'), as cards print it.
 */
export function ownName(cardholderName: string, customer: { firstName: string; lastName: string }): boolean {
  const card = nameWords(cardholderName);
  const first = nameWords(customer.firstName);
  const last = nameWords(customer.lastName);
  if (card.join(' ') === [...first, ...last].join(' ')) return true;
  return (
    first.length > 0 &&
    card.length === 1 + last.length &&
    card[0] === first[0]![0] &&
    card.slice(1).join(' ') === last.join(' ')
  );
}

/**
 * Apple Pay and Google Pay deposits: the wallet's sheet gives a token naming the funding card; the provider reads
 * it and the card rules apply (debit only, own name), then it is charged and settled as a saved-card deposit is,
 * with the same standing, verification and limit checks under the wallet lock, once per token.
 */
export class WalletDeposits {
  constructor(private readonly deps: WalletDepositsDeps) {}

  /** The early answer, as /deposit_form gives one: a deposit the limits or the account would refuse opens no sheet. */
  async sheet(userId: number, request: { wallet: Wallet; amount: number }): Promise<WalletSheetResponse> {
    const { db, standing, limits, clock, provider } = this.deps;
    await db.transaction().execute(async (trx) => {
      await standing.readAccount(trx, userId);
      await limits.assertWithinLimits(trx, userId, request.amount, clock.now());
    });
    return { sheetUrl: provider.walletSheetUrl(request) };
  }

  async deposit(userId: number, request: WalletDepositRequest, key: string): Promise<Answer<PaymentResult>> {
    const token = await this.deps.provider.openWalletToken(request.token);
    if (!token.ok) throw unprocessable(token.error, 'WalletTokenInvalid');
    // A token for another wallet or amount was not what the customer confirmed for this deposit.
    if (token.wallet !== request.wallet || token.amount !== request.amount)
      throw unprocessable(WALLET_TOKEN_INVALID_MESSAGE, 'WalletTokenInvalid');
    if (token.funding !== 'debit') throw unprocessable(CREDIT_CARD_REFUSED_MESSAGE, 'CardRejected');
    const customer = await this.deps.db
      .selectFrom('users')
      .select(['first_name as firstName', 'last_name as lastName'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!ownName(token.cardholderName, customer)) throw unprocessable(OWN_NAME_MESSAGE, 'NotOwnName');
    return this.deps.cards.depositWithSavedCard(userId, request.amount, key, {
      wallet: token.wallet,
      tokenId: token.tokenId,
      cardToken: token.cardToken,
      maskedPan: token.maskedPan,
    });
  }
}
