import type { Db } from './db/schema';
import type { Clock } from './platform/clock';
import type { Config } from './config';
import type { Mailer } from './providers/mail/mailer';
import type { LiveBus } from './modules/live/bus';
import { LiveHub } from './modules/live/hub';
import { AccessTokens } from './modules/auth/tokens';
import { SessionGuard } from './modules/auth/session-guard';
import { AuthService } from './modules/auth/service';
import { TwoStepService } from './modules/auth/two-step';
import { SecretBox } from './modules/auth/secret-box';
import { SignInHistoryService } from './modules/auth/sign-in-history';
import { UsersService } from './modules/users/service';
import { AccountsService } from './modules/users/accounts';
import { Ledger } from './modules/wallet/ledger';
import { WalletService } from './modules/wallet/service';
import { IdempotencyService } from './modules/idempotency/service';
import { PaymentsService } from './modules/payments/service';
import { TransactionsService } from './modules/transactions/service';
import type { CardPaymentProvider } from './providers/card-payments/provider';
import { SandboxCardProvider } from './providers/card-payments/sandbox';
import { LimitsService } from './modules/limits/service';
import { SaferGamblingService } from './modules/safer-gambling/service';
import { RealityChecksService } from './modules/reality-checks/service';
import { PromotionsService } from './modules/promotions/service';
import { FreeBetsService } from './modules/free-bets/service';
import { ContentService } from './modules/content/service';
import { ACCESS_TOKEN_SECONDS } from '../src/contract/auth';
import { AccountService } from './modules/account/service';
import { AvatarFiles } from './modules/account/avatars';
import { BetsRecordOpenBetsCheck } from './modules/bets/open-bets';
import { BetsService } from './modules/bets/service';
import { AddressService } from './modules/address/service';
import type { AddressProvider } from './providers/address/provider';
import { SandboxAddressProvider } from './providers/address/sandbox';
import { VerificationService } from './modules/verification/service';
import { RegistrationService } from './modules/registration/service';
import type { IdentityVerificationProvider } from './providers/identity/provider';
import { SandboxIdentityProvider } from './providers/identity/sandbox';
import { GamesLaunchService } from './modules/games/launch';
import { GamesWalletService } from './modules/games/service';
import { GamesReconciliationService } from './modules/games/reconciliation';
import { P2pWalletService } from './modules/p2p-wallet/service';
import { GamstopService } from './modules/gamstop/service';
import type { GamstopProvider } from './providers/gamstop/provider';
import { SandboxGamstopProvider } from './providers/gamstop/sandbox';
import type { RateLimit } from './platform/http/keyed-rate-limit';
import { HarmService } from './modules/harm/service';
import { CreditChecks } from './modules/harm/credit-checks';
import { HarmWatch } from './modules/harm/watch';
import type { CreditReferenceProvider } from './providers/credit-reference/provider';
import { creditReferenceProviderFromEnv } from './providers/credit-reference';

export interface RateLimits {
  login: RateLimit;
  refresh: RateLimit;
  forgotPassword: RateLimit;
  register: RateLimit;
  addressLookup: RateLimit;
  /** Change password and delete account check a password: a stolen access token must not become a password-guessing oracle. */
  passwordCheck: RateLimit;
  /** Promo codes are guessable words: trying many must be slow. */
  promoCode: RateLimit;
  /** Per e-mail address, beside the per-address limits: many addresses (or one proxy) still get few tries at one account. */
  loginPerAccount: RateLimit;
  forgotPasswordPerAccount: RateLimit;
  /** Per customer: each upload writes a file. */
  avatarUpload: RateLimit;
  /** Per customer: each new deposit form is a payment row. */
  depositForm: RateLimit;
}

const defaultRateLimits: RateLimits = {
  login: { max: 20, timeWindow: 60_000 },
  refresh: { max: 60, timeWindow: 60_000 },
  forgotPassword: { max: 5, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  addressLookup: { max: 30, timeWindow: 60_000 },
  passwordCheck: { max: 10, timeWindow: 60_000 },
  promoCode: { max: 10, timeWindow: 60_000 },
  loginPerAccount: { max: 10, timeWindow: 60_000 },
  forgotPasswordPerAccount: { max: 3, timeWindow: 15 * 60_000 },
  avatarUpload: { max: 5, timeWindow: 60_000 },
  depositForm: { max: 10, timeWindow: 60_000 },
};

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    'publicUrl' | 'providersUrl' | 'supportEmail' | 'secrets' | 'dataDir' | 'sportsbookUrl' | 'exchangeUrl'
  > &
    Partial<Pick<Config, 'company' | 'exchangeInBrowser'>>;
  mailer: Mailer;
  bus: LiveBus;
  /** Where the live hub reports a broker that went away (polling) and failed pushes. */
  liveLog?: (message: string, detail?: unknown) => void;
  /** How often balances are polled while the broker is away (2 s unless a test says otherwise). */
  livePollMs?: number;
  /** How often the live hub reads held balances while its broker is up (LiveHubOptions.sweepMs); tests shorten it. */
  liveSweepMs?: number;
  rateLimits?: Partial<RateLimits>;
  heartbeatMs?: number;
  /** The sandbox address book unless given (main.ts picks from the environment). */
  addressProvider?: AddressProvider;
  /** The sandbox identity page on the providers' origin unless given. */
  identityProvider?: IdentityVerificationProvider;
  /** The sandbox card provider unless given. */
  cardProvider?: CardPaymentProvider;
  /** The sandbox GAMSTOP (last name Excluded: Y, Lapsed: P) unless given. */
  gamstopProvider?: GamstopProvider;
  /** A reality-check minute's length (60 s unless the browser tests shorten it). */
  realityCheckMinuteMs?: number;
  /** The sandbox bureau on the providers origin unless given (main.ts picks from the environment). */
  creditReferenceProvider?: CreditReferenceProvider;
  /** Where background harm checks report failures. */
  harmLog?: (error: unknown, message: string) => void;
}

/** Builds every service once, each given only what it uses. Routes receive this and nothing else. */
export function createServices(deps: ServiceDeps) {
  const { db, clock, config, mailer } = deps;
  const live = new LiveHub(deps.bus, {
    readBalances: async (userIds) =>
      new Map(
        (await db.selectFrom('wallets').select(['user_id', 'balance']).where('user_id', 'in', userIds).execute()).map(
          (row) => [row.user_id, row.balance],
        ),
      ),
    log: deps.liveLog,
    pollMs: deps.livePollMs,
    sweepMs: deps.liveSweepMs,
  });
  const tokens = new AccessTokens(config.secrets.jwtSecret, ACCESS_TOKEN_SECONDS);
  const sessionGuard = new SessionGuard(db, tokens, clock);
  const ledger = new Ledger(db, clock, live);
  const gamstop = new GamstopService({
    db,
    clock,
    provider: deps.gamstopProvider ?? new SandboxGamstopProvider(),
    revokeSessions: (userId, reason) => auth.revokeAll(userId, reason),
  });
  // Sealed under a key derived from the token secret: rotating JWT_SECRET means customers enrol their app again.
  const twoStep = new TwoStepService(
    db,
    clock,
    new SecretBox(config.secrets.jwtSecret, 'two-step-secret'),
    (userId, reason, keep) => auth.revokeAll(userId, reason, keep),
  );
  const signIns = new SignInHistoryService(db);
  const auth = new AuthService({
    db,
    clock,
    tokens,
    mailer,
    live,
    publicUrl: config.publicUrl,
    gamstop,
    twoStep,
    signIns,
  });
  const users = new UsersService(db);
  const accounts = new AccountsService(db, clock, live, auth);
  const wallet = new WalletService(db, ledger, clock);
  const idempotency = new IdempotencyService(db, clock);
  const cardProvider =
    deps.cardProvider ?? new SandboxCardProvider(config.providersUrl, config.secrets.providerSecret, clock);
  const harm = new HarmService(db, clock);
  const creditChecks = new CreditChecks({
    db,
    clock,
    harm,
    provider: deps.creditReferenceProvider ?? creditReferenceProviderFromEnv({}, config.providersUrl),
    log: deps.harmLog,
  });
  const harmWatch = new HarmWatch(harm, creditChecks, deps.harmLog);
  const limits = new LimitsService(db, clock, (userId) => harmWatch.afterCommit(userId));
  const payments = new PaymentsService({ db, clock, ledger, provider: cardProvider, idempotency, limits, harmWatch });
  const transactions = new TransactionsService(db);
  const saferGambling = new SaferGamblingService(db, clock, auth);
  const realityChecks = new RealityChecksService(db, clock, deps.realityCheckMinuteMs);
  const freeBets = new FreeBetsService(db, clock);
  const promotions = new PromotionsService(db, clock, freeBets);
  const account = new AccountService({
    db,
    clock,
    auth,
    users,
    openBets: new BetsRecordOpenBetsCheck(db),
    openWithdrawals: payments,
    avatars: new AvatarFiles(config.dataDir),
  });
  const bets = new BetsService(db);
  const address = new AddressService(deps.addressProvider ?? new SandboxAddressProvider());
  const identityProvider =
    deps.identityProvider ?? new SandboxIdentityProvider(config.providersUrl, config.secrets.providerSecret);
  const verification = new VerificationService(db, clock);
  const registration = new RegistrationService({ db, clock, verification, identityProvider, gamstop });
  const gamesLaunch = new GamesLaunchService(db, clock, config.sportsbookUrl);
  const gamesWallet = new GamesWalletService(db, ledger, clock, freeBets);
  const gamesReconciliation = new GamesReconciliationService(db);
  // The exchange's door: the sportsbook's launch tokens and sessions, kept apart by game.
  const p2pLaunch = new GamesLaunchService(db, clock, config.exchangeUrl, 'p2p');
  const p2pWallet = new P2pWalletService(db, ledger, clock);
  const content = new ContentService({
    db,
    clock,
    supportEmail: config.supportEmail,
    company: config.company,
    listPromotions: () => promotions.current(),
  });
  return {
    db,
    clock,
    config,
    live,
    tokens,
    sessionGuard,
    ledger,
    auth,
    users,
    accounts,
    wallet,
    idempotency,
    cardProvider,
    payments,
    transactions,
    limits,
    saferGambling,
    realityChecks,
    promotions,
    account,
    bets,
    address,
    identityProvider,
    verification,
    registration,
    content,
    gamesLaunch,
    gamesWallet,
    gamesReconciliation,
    p2pLaunch,
    p2pWallet,
    gamstop,
    twoStep,
    signIns,
    freeBets,
    harm,
    creditChecks,
    harmWatch,
    rateLimits: { ...defaultRateLimits, ...deps.rateLimits },
    heartbeatMs: deps.heartbeatMs ?? 30_000,
  };
}

export type Services = ReturnType<typeof createServices>;
