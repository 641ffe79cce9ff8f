import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Ledger } from '../wallet/ledger';
import type { IdempotencyService } from '../idempotency/service';
import type { CardPaymentProvider, PaymentNotification } from '../../providers/card-payments/provider';
import type { DepositLimitGuard } from './deposit-limit-guard';
import type { DepositHarmWatch } from './deposit-settlement';
import { PaymentRecords, type Answer } from './payment-records';
import { CustomerStanding } from './customer-standing';
import { DepositSettlement } from './deposit-settlement';
import { CardPageDeposits } from './card-page-deposits';
import { SavedCardDeposits } from './saved-card-deposits';
import { WalletDeposits } from './wallet-deposits';
import { ProviderNotifications } from './provider-notifications';
import { OpenDepositReconciliation } from './open-deposit-reconciliation';
import { Withdrawals } from './withdrawals';
import { PaymentQueries } from './payment-queries';
import type {
  DepositFormResponse,
  PaymentItem,
  PaymentKind,
  PaymentResult,
  PaymentStatus,
  PayoutCard,
  SavedCard,
  Wallet,
  WalletDepositRequest,
  WalletSheetResponse,
  WithdrawRequest,
} from '../../../src/contract/payments';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  provider: CardPaymentProvider;
  idempotency: IdempotencyService;
  limits: DepositLimitGuard;
  /** The harm checks (LCCP SR 3.4.3, 3.4.4) each settled deposit tells; none in tests that do not need them. */
  harmWatch?: DepositHarmWatch;
  /** How long a saved-card charge may take before the request answers PAYMENT_UNCONFIRMED_MESSAGE (default 30 s). */
  chargeTimeoutMs?: number;
}

/**
 * Card deposits and withdrawals, one job per part: card-page deposits, saved-card deposits, the provider's
 * notifications and the reconciliation of open deposits (all settled by DepositSettlement), withdrawals, and what the
 * customer reads. Money moves only through the ledger; a payment row tracks the card side.
 */
export class PaymentsService {
  private readonly cardPage: CardPageDeposits;
  private readonly savedCardDeposits: SavedCardDeposits;
  private readonly walletDeposits: WalletDeposits;
  private readonly notifications: ProviderNotifications;
  private readonly reconciliation: OpenDepositReconciliation;
  private readonly withdrawals: Withdrawals;
  private readonly queries: PaymentQueries;

  constructor(deps: PaymentsDeps) {
    const records = new PaymentRecords(deps.clock);
    const standing = new CustomerStanding(deps.clock);
    const settlement = new DepositSettlement({ ...deps, records, standing });
    this.cardPage = new CardPageDeposits({ ...deps, records, standing });
    this.savedCardDeposits = new SavedCardDeposits({ ...deps, records, standing, settlement });
    this.walletDeposits = new WalletDeposits({ ...deps, standing, cards: this.savedCardDeposits });
    this.notifications = new ProviderNotifications({ ...deps, settlement });
    this.reconciliation = new OpenDepositReconciliation({ ...deps, records, settlement });
    this.withdrawals = new Withdrawals({ ...deps, records, standing });
    this.queries = new PaymentQueries(deps.db);
  }

  depositForm(
    userId: number,
    request: { amount: number; storeCard: boolean },
    key: string | undefined,
  ): Promise<Answer<DepositFormResponse>> {
    return this.cardPage.depositForm(userId, request, key);
  }

  depositWithSavedCard(userId: number, amount: number, key: string): Promise<Answer<PaymentResult>> {
    return this.savedCardDeposits.depositWithSavedCard(userId, amount, key);
  }

  walletSheet(userId: number, request: { wallet: Wallet; amount: number }): Promise<WalletSheetResponse> {
    return this.walletDeposits.sheet(userId, request);
  }

  depositWithWallet(userId: number, request: WalletDepositRequest, key: string): Promise<Answer<PaymentResult>> {
    return this.walletDeposits.deposit(userId, request, key);
  }

  handleNotification(notification: PaymentNotification): Promise<PaymentResult> {
    return this.notifications.handleNotification(notification);
  }

  reconcileOpenDeposits(): Promise<{ settled: number; expired: number }> {
    return this.reconciliation.reconcileOpenDeposits();
  }

  withdraw(userId: number, request: WithdrawRequest, key: string): Promise<Answer<PaymentResult>> {
    return this.withdrawals.withdraw(userId, request, key);
  }

  payoutCards(userId: number): Promise<PayoutCard[]> {
    return this.withdrawals.payoutCards(userId);
  }

  payOutBalance(userId: number): Promise<PaymentResult & { amount: number; maskedPan: string }> {
    return this.withdrawals.payOutBalance(userId);
  }

  completeWithdrawal(paymentId: string): Promise<PaymentResult> {
    return this.withdrawals.completeWithdrawal(paymentId);
  }

  rejectWithdrawal(paymentId: string, reason: string): Promise<PaymentResult> {
    return this.withdrawals.rejectWithdrawal(paymentId, reason);
  }

  openWithdrawals(): Promise<Array<PaymentItem & { userId: number; email: string }>> {
    return this.withdrawals.openWithdrawals();
  }

  hasOpenWithdrawals(userId: number, db?: Db): Promise<boolean> {
    return this.withdrawals.hasOpenWithdrawals(userId, db);
  }

  list(userId: number, query: { kind?: PaymentKind; status?: PaymentStatus; limit: number }): Promise<PaymentItem[]> {
    return this.queries.list(userId, query);
  }

  savedCard(userId: number): Promise<SavedCard> {
    return this.queries.savedCard(userId);
  }
}
