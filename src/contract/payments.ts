import { z } from 'zod';
import { pence, text } from './common';

/**
 * Card payments: deposits, withdrawals, the saved card and the payments list.
 *
 * Idempotency: send an `Idempotency-Key` header (1-100 characters of [A-Za-z0-9_-], e.g. a UUID made when the
 * customer submits and kept until that submission is settled). It is REQUIRED on POST /withdraw and
 * POST /deposit_js (400 IDEMPOTENCY_KEY_REQUIRED_MESSAGE without it) and optional on GET /deposit_form.
 * The same key with the same request replays the first answer (same status and body) and moves money once;
 * the same key with a different request answers 422 (code IdempotencyKeyReused). Keys are kept at least 24 hours.
 */

const DEPOSIT_MIN_PENCE = 500;
export const DEPOSIT_MAX_PENCE = 1_000_000;
export const DEPOSIT_MIN_MESSAGE = 'Minimum deposit is £5';
export const DEPOSIT_MAX_MESSAGE = 'Deposits over £10,000 are not allowed';
/** Deposit and withdraw quick picks, in pence (£5, £10, £20, £50, £100). */
export const QUICK_PICKS = [500, 1_000, 2_000, 5_000, 10_000] as const;
/** Whole pounds, up to 5 digits, on the deposit amount input. */
export const DEPOSIT_POUNDS_MAX_DIGITS = 5;
export const WITHDRAW_INPUT_MAX_LENGTH = 10;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE = 'Idempotency-Key header is required';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request';

export const VERIFICATION_REQUIRED_MESSAGE = 'Please verify your identity before moving money';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Insufficient funds';
export const NO_SAVED_CARD_MESSAGE = 'No saved card. Please enter your card details.';
/**
 * Withdrawals go back to the deposit method (Betting Rules, UK rules): to a card the customer has deposited
 * from successfully. Another card is refused with this (422, code NotADepositCard); nothing moves and the
 * saved card stays as it was.
 */
/** Said before the card is typed, so nobody types a card the server must then refuse. */
export const WITHDRAW_TO_DEPOSIT_CARD_HINT = 'Withdrawals go back to a card you have deposited from, in your name.';
export const WITHDRAW_TO_DEPOSIT_CARD_MESSAGE =
  'Withdrawals can only be paid to a card you have deposited from. Please use that card.';
/** The server's answer when a withdrawal's security code fails; the client shows WITHDRAW_CARD_FAILED_TEXT. */
export const SECURITY_CODE_FAILED_MESSAGE = 'Card security code check failed';
/** Any server message matching this is shown as WITHDRAW_CARD_FAILED_TEXT. */
export const SECURITY_CODE_FAILURE_PATTERN = /security code/i;
export const WITHDRAW_CARD_FAILED_TEXT = 'Withdraw Failed - Please check your card details and try again.';
export const CREDIT_CARD_REFUSED_MESSAGE = 'Credit cards are not accepted';
export const CARD_DECLINED_MESSAGE = 'Card declined';
/** The card issuer's "not enough funds" decline; a marker of harm (docs/decisions.md). */
export const CARD_DECLINED_FOR_FUNDS_MESSAGE = 'Card declined: insufficient funds';
export const INVALID_CARD_NUMBER_MESSAGE = 'Invalid card number';
export const CARD_EXPIRED_MESSAGE = 'Card expired';
const WALLET_TOKEN_MISSING = 'Wallet payment missing';
export const WALLET_TOKEN_INVALID_MESSAGE =
  'This wallet payment could not be verified. Nothing was charged; please start the deposit again.';
export const WALLET_TOKEN_USED_MESSAGE =
  'This wallet payment has already been used. Nothing was charged again; please start a new deposit.';
export const OWN_NAME_MESSAGE = 'Payments must come from a card in your own name.';
export const LIMIT_EXCEEDED_PATTERN = /limit exceeded/i;

export const depositAmount = pence
  .min(DEPOSIT_MIN_PENCE, DEPOSIT_MIN_MESSAGE)
  .max(DEPOSIT_MAX_PENCE, DEPOSIT_MAX_MESSAGE);

const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Invalid value for storeCard' })
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');

/** GET /deposit_form?amount=<pence>&storeCard=true|false */
export const depositFormQuery = z.object({
  amount: z
    .union(
      [
        z.number(),
        text()
          .trim()
          .regex(/^\d{1,12}$/, 'Amount must be whole pence')
          .transform(Number),
      ],
      { error: 'Amount must be a number' },
    )
    .pipe(depositAmount),
  storeCard: queryFlag,
});

/**
 * `paymentForm` is the provider's hosted card page WITHOUT the parent origin: the client appends
 * `&parentOrigin=${encodeURIComponent(window.location.origin)}` before opening the popup. The page posts a
 * PaymentWindowMessage to that origin only; the client must check `event.origin` equals `new URL(paymentForm).origin`.
 */
export const depositFormResponse = z.object({ paymentForm: text(), paymentId: text() });
export type DepositFormResponse = z.infer<typeof depositFormResponse>;

/** The wallets a deposit can come from besides the card form (spec 001: "debit card, Apple Pay and Android Pay"). */
export const walletKind = z.enum(['ApplePay', 'GooglePay']);
export type Wallet = z.infer<typeof walletKind>;
export const WALLET_NAMES: Record<Wallet, string> = { ApplePay: 'Apple Pay', GooglePay: 'Google Pay' };

/**
 * GET /wallet_sheet?wallet=&amount=<pence>: the wallet's payment sheet on the provider's origin, after the same early
 * checks as /deposit_form (standing, verification, GAMSTOP, limits). Nothing is recorded. As with paymentForm, the
 * client appends `&parentOrigin=...`; the sheet posts a WalletSheetMessage to that origin only.
 */
export const walletSheetQuery = z.object({ wallet: walletKind, amount: depositFormQuery.shape.amount });
export const walletSheetResponse = z.object({ sheetUrl: text() });
export type WalletSheetResponse = z.infer<typeof walletSheetResponse>;

/** What the wallet sheet posts to window.opener: the provider-signed wallet token, or that the customer cancelled. */
export const walletSheetMessage = z.discriminatedUnion('status', [
  z.object({ status: z.literal('token'), token: text().min(1).max(4000) }),
  z.object({ status: z.literal('cancelled') }),
]);

/**
 * POST /deposit_wallet (Idempotency-Key required): a deposit paid with the wallet token the sheet gave, charged and
 * settled at once like a saved-card deposit; answers a PaymentResult. A token replayed, tampered with, for another
 * amount or naming a credit card or someone else's card is refused (422) and nothing moves.
 */
export const walletDepositRequest = z.object({
  amount: depositAmount,
  wallet: walletKind,
  token: text({ error: WALLET_TOKEN_MISSING }).min(1, WALLET_TOKEN_MISSING).max(4000, WALLET_TOKEN_MISSING),
});
export type WalletDepositRequest = z.infer<typeof walletDepositRequest>;

/** POST /deposit_js: a deposit with the saved card, settled at once. */
export const depositJsRequest = z.object({ amount: depositAmount });
export type DepositJsRequest = z.infer<typeof depositJsRequest>;

/**
 * A deposit still Open this long after it was made (the card page closed, never paid) becomes 'Expired',
 * with DEPOSIT_EXPIRED_MESSAGE as its error; nothing was charged. A payment the provider later confirms
 * after all is still credited.
 */
export const DEPOSIT_OPEN_EXPIRY_MINUTES = 30;
export const DEPOSIT_EXPIRED_MESSAGE = 'Not paid within 30 minutes';
/** deposit_js answers this (502, code PaymentUnconfirmed) when the provider did not answer: the payment settles later from the provider's record, and a retry with the same Idempotency-Key answers the outcome. */
export const PAYMENT_UNCONFIRMED_MESSAGE =
  'Your card payment is not confirmed yet. It will show in your payments once the card provider confirms it.';

const paymentStatus = z.enum(['Open', 'Completed', 'Failed', 'Rejected', 'Expired']);
export type PaymentStatus = z.infer<typeof paymentStatus>;
const paymentKind = z.enum(['Deposit', 'Withdrawal']);
export type PaymentKind = z.infer<typeof paymentKind>;

/**
 * Answer of POST /deposit_js and POST /withdraw. A declined saved-card deposit is a 200 with status 'Failed'
 * and `error` (show the failed-payment screen); limit, identity and amount problems are 4xx error bodies.
 * `balance` is the wallet balance after the request (pence).
 */
export const paymentResult = z.object({
  paymentId: text(),
  status: paymentStatus,
  error: text().nullable(),
  balance: z.number().int(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

const cardInfo = z.object({
  expiryDate: text({ error: 'Expiry date required' }).regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry date must be MM/YY'),
  pan: text({ error: 'Card number required' }).regex(/^\d{12,19}$/, 'Card number required'),
  securityCode: text({ error: 'CVV required' }).regex(/^\d{3,4}$/, 'CVV required'),
});
export type CardInfo = z.infer<typeof cardInfo>;

export const CHOOSE_ONE_CARD_MESSAGE = 'Choose one of your cards or enter a new one, not both';
export const UNKNOWN_PAYOUT_CARD_MESSAGE = 'That card is not one you have deposited from. Please choose another.';
export const SECURITY_CODE_REQUIRED_MESSAGE = "Please enter the card's security code";

/**
 * POST /withdraw: to a card the customer deposited from, chosen by its `cardId` from GET /payout_cards (with its
 * `securityCode` when that card says securityCodeRequired); or to a new card (`cardInfo`, which is then saved); with
 * neither, the saved card (422 NO_SAVED_CARD_MESSAGE when there is none).
 */
export const withdrawRequest = z
  .object({
    amount: pence.positive('Please enter a valid amount').max(100_000_000_000, 'Please enter a valid amount'),
    cardInfo: cardInfo.optional(),
    cardId: z
      .uuid({ error: UNKNOWN_PAYOUT_CARD_MESSAGE })
      .transform((id) => id.toLowerCase())
      .optional(),
    securityCode: text({ error: 'CVV required' })
      .regex(/^\d{3,4}$/, 'CVV required')
      .optional(),
  })
  .refine((request) => !(request.cardInfo && (request.cardId || request.securityCode)), {
    message: CHOOSE_ONE_CARD_MESSAGE,
  });
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

/** GET /payout_cards: the cards a withdrawal may go to (those deposited from), the saved card first, newest next. */
const payoutCard = z.object({
  cardId: text(),
  maskedPan: text(),
  /** How the latest deposit from it was paid ('GooglePay': the card behind the wallet). */
  method: z.enum(['Card', ...walletKind.options]),
  saved: z.boolean(),
  /** The provider wants the card's security code to pay out to it. */
  securityCodeRequired: z.boolean(),
});
export type PayoutCard = z.infer<typeof payoutCard>;
export const payoutCardsResponse = z.array(payoutCard);

/** GET /card: always 200; `maskedPan` is null when the customer has no saved card. */
export const savedCard = z.object({ maskedPan: text().nullable(), userId: z.number().int() });
export type SavedCard = z.infer<typeof savedCard>;

const paymentMethod = z.enum(['Card', ...walletKind.options]);
export type PaymentMethod = z.infer<typeof paymentMethod>;

const paymentItem = z.object({
  paymentId: text(),
  kind: paymentKind,
  /** How a deposit was paid; a withdrawal goes to a card ('Card'), as did every payment before wallets. */
  method: paymentMethod.default('Card'),
  status: paymentStatus,
  /** Pence. */
  chips: z.number().int(),
  maskedPan: text().nullable(),
  error: text().nullable(),
  lastUpdatedAt: text(),
  createdAt: text(),
});
export type PaymentItem = z.infer<typeof paymentItem>;

/** GET /payments?kind=&status=&limit= : newest first. Pending withdrawals are kind=Withdrawal&status=Open. */
export const paymentsQuery = z.object({
  kind: paymentKind.optional(),
  status: paymentStatus.optional(),
  limit: z
    .union([
      z.number(),
      text()
        .regex(/^\d{1,3}$/, 'Invalid value for limit')
        .transform(Number),
    ])
    .pipe(z.number().int().min(1, 'Invalid value for limit').max(100, 'Invalid value for limit'))
    .optional()
    .default(50),
});
export type PaymentsQuery = z.input<typeof paymentsQuery>;
export const paymentsResponse = z.array(paymentItem);

/** What the provider's popup posts to window.opener (to the parent origin only). */
export const paymentWindowMessage = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success') }),
  z.object({ status: z.literal('failed'), error: text() }),
]);
export type PaymentWindowMessage = z.infer<typeof paymentWindowMessage>;

/** The card fields of the deposit and withdraw forms (spec 001 section 5). */
export const cardFields = z.object({
  name: text({ error: 'Name required' }).trim().min(1, 'Name required').max(100, 'Name required'),
  cardNumber: text({ error: 'Card number required' }).regex(/^\d{1,19}$/, 'Card number required'),
  expiryMM: text({ error: 'Month required' }).regex(/^\d{2}$/, 'Month required'),
  expiryYY: text({ error: 'Year required' }).regex(/^\d{2}$/, 'Year required'),
  cvv: text({ error: 'CVV required' }).regex(/^\d{3,4}$/, 'CVV required'),
});
export type CardFields = z.infer<typeof cardFields>;

/** The card fields as the withdraw payload's cardInfo. */
export const cardFieldsToCardInfo = (card: CardFields): CardInfo => ({
  expiryDate: `${card.expiryMM}/${card.expiryYY}`,
  pan: card.cardNumber,
  securityCode: card.cvv,
});
