import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { text } from '../../../src/contract/common';
import { formatPence } from '../../../src/contract/rules/money';
import { DEPOSIT_MAX_PENCE, WALLET_NAMES, walletKind } from '../../../src/contract/payments';
import type { ProvidersServerOptions } from '../provider-pages';
import { escapeHtml, registerPageAssets, sendPage } from '../sandbox-pages';
import { makeCardToken } from './sandbox';
import {
  encodeWalletToken,
  SANDBOX_WALLET_CARDS,
  validWalletSheetSignature,
  WALLET_SHEET_PATH,
} from './sandbox-wallet';

const amountField = z.number().int().positive().max(DEPOSIT_MAX_PENCE);
const sheetQuery = z.object({
  wallet: walletKind,
  amount: text()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(amountField),
  sig: text().min(1).max(100),
});
const confirmRequest = z.object({
  wallet: walletKind,
  amount: amountField,
  sig: text().min(1).max(100),
  card: z.enum(SANDBOX_WALLET_CARDS.map((card) => card.id) as [string, ...string[]], { error: 'Choose a card' }),
  cardholderName: text().trim().min(1, 'Name required').max(100, 'Name required'),
});

const page = (reply: FastifyReply, status: number, body: string) =>
  sendPage(reply, { status, title: 'Sandbox wallet', path: WALLET_SHEET_PATH, body });

function sheet(wallet: z.infer<typeof walletKind>, amount: number): string {
  const cards = SANDBOX_WALLET_CARDS.map(
    (card, index) =>
      `<label class="wallet-card"><input type="radio" name="card" value="${card.id}"${index === 0 ? ' checked' : ''}> ${escapeHtml(card.label)} •••• ${card.pan.slice(-4)}</label>`,
  ).join('\n');
  const pay = escapeHtml(`Pay ${formatPence(amount)}`);
  return `<h1>${escapeHtml(WALLET_NAMES[wallet])}</h1>
<p class="hint">Sandbox wallet. Choose a card in the wallet and confirm; the Mastercard is a credit card.</p>
<form id="wallet-form" action="${WALLET_SHEET_PATH}" method="post" novalidate>
<fieldset><legend>Card</legend>
${cards}
</fieldset>
<label for="cardholderName">Cardholder name</label><input id="cardholderName" name="cardholderName" autocomplete="cc-name" required maxlength="100">
<button id="pay-button" type="submit">${pay}</button>
<button id="cancel-button" type="button" class="secondary">Cancel</button>
</form>
<p id="pay-status" class="pay-status" role="alert" aria-live="assertive"></p>
<script src="${WALLET_SHEET_PATH}.js"></script>`;
}

/**
 * The sandbox wallet's payment sheet on the providers' origin: the customer chooses a card in the wallet and
 * confirms; the answer is a wallet token naming the funding card, signed by the provider, which the page hands to
 * the app. Nothing is charged here: the API charges the token once.
 */
export async function walletSheetPages(app: FastifyInstance, options: ProvidersServerOptions): Promise<void> {
  const secret = options.config.secrets.providerSecret;
  registerPageAssets(app, WALLET_SHEET_PATH, {
    script: new URL('./wallet-page.js', import.meta.url),
    styles: new URL('./page.css', import.meta.url),
  });

  app.get(WALLET_SHEET_PATH, async (request, reply) => {
    const query = sheetQuery.safeParse(request.query);
    if (!query.success || !validWalletSheetSignature(secret, query.data.wallet, query.data.amount, query.data.sig))
      return page(
        reply,
        400,
        '<h1>Payment link not valid</h1><p>Please close this window and start the deposit again.</p>',
      );
    return page(reply, 200, sheet(query.data.wallet, query.data.amount));
  });

  app.post(WALLET_SHEET_PATH, async (request, reply) => {
    const parsed = confirmRequest.safeParse(request.body);
    if (!parsed.success)
      return reply.status(400).send({ message: parsed.error.issues[0]?.message ?? 'Please check the form.' });
    const confirm = parsed.data;
    if (!validWalletSheetSignature(secret, confirm.wallet, confirm.amount, confirm.sig))
      return reply.status(400).send({ message: 'Payment link not valid' });
    const card = SANDBOX_WALLET_CARDS.find((candidate) => candidate.id === confirm.card)!;
    const token = encodeWalletToken(secret, {
      id: randomBytes(12).toString('base64url'),
      wallet: confirm.wallet,
      amount: confirm.amount,
      funding: card.funding,
      cardholderName: confirm.cardholderName,
      cardToken: makeCardToken(secret, card.pan, card.expiry, { wallet: true }),
      maskedPan: `**** **** **** ${card.pan.slice(-4)}`,
      issuedAt: Date.now(),
    });
    return { token };
  });
}
