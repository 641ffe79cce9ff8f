import { createCustomer, balanceOf, expect, operator, signIn, test } from './support/fixtures';
import { acceptCookies } from './support/pwa';
import { asInstalledApp, exchangeTrader, lastUpcomingMatch, openExchange } from './support/exchange';

const PHONE = { width: 390, height: 844 };

test.describe('the exchange in the installed app, on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('back, lay, a partial match, edit and cancel, a match by someone else, cash out, settlement and the history', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const customer = await createCustomer({ balance: 10_000 });
    const other = await createCustomer({ balance: 20_000 });
    const trader = await exchangeTrader(other);
    const { event, markets } = await lastUpcomingMatch();
    const matchOdds = markets.find((market) => market.name === 'Match Odds')!;
    const overUnder = markets.find((market) => market.name === 'Over/Under 2.5 Goals')!;
    const [home, , away] = matchOdds.runners;
    const over = overUnder.runners.find((runner) => runner.name.startsWith('Over'))!;

    await asInstalledApp(page);
    await signIn(page, customer);
    await acceptCookies(page);
    const frame = await openExchange(page);
    await expect(frame.getByText('Balance £100.00')).toBeVisible();
    await frame.getByRole('link', { name: new RegExp(event.name) }).click();
    await frame.getByRole('link', { name: /Match Odds/ }).click();
    await expect(frame.getByRole('heading', { name: 'Match Odds', level: 1 })).toBeVisible();

    // Someone lays the home side at 2: it shows on the ladder at once, to back.
    await trader.place({
      marketId: matchOdds.marketId,
      selectionId: home!.selectionId,
      side: 'lay',
      price: 2,
      size: 1_000,
    });
    await frame.getByRole('button', { name: `Back ${home!.name} at 2, £10 available` }).click();
    const slip = frame.getByRole('region', { name: `Back ${home!.name}` });
    await slip.getByLabel('Stake (£)').fill('4');
    await expect(slip.getByTestId('slip-profit')).toHaveText('£4.00');
    await expect(slip.getByTestId('slip-liability')).toHaveText('£4.00');
    await expect(slip).toContainText('commission');
    await slip.getByRole('button', { name: 'Place back' }).click();
    await expect(slip.getByRole('status').last()).toContainText('Matched: £4.00 at 2.');
    await expect(frame.getByText('Balance £96.00')).toBeVisible();
    await expect(frame.getByLabel(`If ${home!.name} wins: £4.00`)).toBeVisible();
    await expect(frame.getByLabel(`If ${away!.name} wins: -£4.00`)).toBeVisible();

    // Someone backs the away side at 4: the customer lays it, entering the backer's stake.
    await trader.place({
      marketId: matchOdds.marketId,
      selectionId: away!.selectionId,
      side: 'back',
      price: 4,
      size: 500,
    });
    await frame.getByRole('button', { name: `Lay ${away!.name} at 4, £5.00 available` }).click();
    const laySlip = frame.getByRole('region', { name: `Lay ${away!.name}` });
    await laySlip.getByLabel("Backer's stake (£)").fill('5');
    await expect(laySlip.getByTestId('slip-profit')).toHaveText('£5.00');
    await expect(laySlip.getByTestId('slip-liability')).toHaveText('£15.00');
    await laySlip.getByRole('button', { name: 'Place lay' }).click();
    await expect(laySlip.getByRole('status').last()).toContainText('Matched: £5.00 at 4.');
    // Worst case now: the away side wins, -£4 - £15.
    await expect(frame.getByText('Balance £81.00')).toBeVisible();

    // A back of £10 meets the £6 left at 2: partly matched, £4 waits.
    await frame.getByRole('button', { name: `Back ${home!.name} at 2, £6.00 available` }).click();
    await slip.getByLabel('Stake (£)').fill('10');
    await slip.getByRole('button', { name: 'Place back' }).click();
    await expect(slip.getByRole('status').last()).toContainText('Partly matched: £6.00 at 2, £4.00 unmatched at 2.');
    await expect(frame.getByText('Balance £71.00')).toBeVisible();
    const unmatched = frame.getByRole('region', { name: 'Unmatched orders' });
    await expect(unmatched).toContainText('£4.00 unmatched at 2');

    // Edit is cancel and replace: £3 at 2.02.
    await unmatched.getByRole('button', { name: `Edit Back ${home!.name} at 2` }).click();
    const edit = unmatched.getByRole('form', { name: `Edit Back ${home!.name}` });
    await edit.getByRole('button', { name: 'Raise odds by one tick' }).click();
    await edit.getByLabel('Stake (£)').fill('3');
    await edit.getByRole('button', { name: 'Replace order' }).click();
    await expect(unmatched).toContainText('£3.00 unmatched at 2.02');
    await expect(frame.getByText('Balance £72.00')).toBeVisible();

    // Someone takes £1 of it: the screen learns of the match without a reload.
    await trader.place({
      marketId: matchOdds.marketId,
      selectionId: home!.selectionId,
      side: 'lay',
      price: 2.02,
      size: 100,
    });
    await expect(unmatched).toContainText('£2.00 unmatched at 2.02, £1.00 matched');
    await expect(frame.getByLabel(`If ${home!.name} wins: £16.02`)).toBeVisible();

    // Cancelling the rest releases its £2.
    await unmatched.getByRole('button', { name: `Cancel Back ${home!.name} at 2.02` }).click();
    await expect(unmatched).toContainText('None.');
    await expect(frame.getByText('Balance £74.00')).toBeVisible();
    const matched = frame.getByRole('region', { name: 'Matched bets' });
    await expect(matched).toContainText('£1.00 at 2.02 (average)');
    await expect(matched).toContainText('£5.00 at 4 (average)');

    // Cash out on Over/Under 2.5: backed Over at 3, then lay it at 2 to lock £2.50 whatever the score.
    await trader.place({
      marketId: overUnder.marketId,
      selectionId: over.selectionId,
      side: 'lay',
      price: 3,
      size: 500,
    });
    await frame.getByRole('link', { name: 'Matches' }).click();
    await frame.getByRole('link', { name: new RegExp(event.name) }).click();
    await frame.getByRole('link', { name: /Over\/Under 2\.5 Goals/ }).click();
    await frame.getByRole('button', { name: `Back ${over.name} at 3, £5.00 available` }).click();
    const overSlip = frame.getByRole('region', { name: `Back ${over.name}` });
    await overSlip.getByLabel('Stake (£)').fill('5');
    await overSlip.getByRole('button', { name: 'Place back' }).click();
    await expect(overSlip.getByRole('status').last()).toContainText('Matched: £5.00 at 3.');
    await expect(frame.getByText('Balance £69.00')).toBeVisible();
    await trader.place({
      marketId: overUnder.marketId,
      selectionId: over.selectionId,
      side: 'back',
      price: 2,
      size: 1_000,
    });
    await frame.getByRole('button', { name: 'Cash Out £2.50' }).click();
    const confirm = frame.getByRole('group', { name: 'Confirm cash out' });
    await expect(confirm).toContainText('Cash out locks in £2.50 whichever runner wins');
    await expect(confirm).toContainText(`Lay ${over.name} £7.50 at 2`);
    await confirm.getByRole('button', { name: 'Confirm cash out' }).click();
    await expect(frame.getByText('Cash out orders placed.')).toBeVisible();
    for (const runner of overUnder.runners)
      await expect(frame.getByLabel(`If ${runner.name} wins: £2.50`)).toBeVisible();
    await expect(frame.getByText('Balance £74.00')).toBeVisible();

    // Full time 2-1: home wins (+£16.02, less 2% = 32p) and three goals make Over win (+£2.50, less 5p).
    await operator('ex-settle', matchOdds.marketId, '2-1');
    await operator('ex-settle', overUnder.marketId, '2-1');
    await expect(frame.getByText('Balance £118.15')).toBeVisible();
    await expect.poll(() => balanceOf(customer)).toBe(11_815);
    // What the customer won the other lost: £18.52, to the penny.
    await expect.poll(() => balanceOf(other)).toBe(20_000 - 1_602 - 250);

    // The exchange's own settled list, with each bet's profit or loss.
    await frame.getByRole('link', { name: 'My orders' }).click();
    const settled = frame.getByRole('region', { name: 'Settled bets' });
    await expect(settled).toContainText(`Back ${home!.name}`);
    await expect(settled).toContainText('Won £4.00');
    await expect(settled).toContainText('Won £5.00');
    await expect(settled).toContainText('Lost -£7.50');

    // The host's history: P2P Bets shows the exchange's postings and each market's profit or loss.
    await page.getByTestId('header-balance').click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Transaction History' }).click();
    const history = page.getByRole('dialog', { name: 'Transaction History' });
    await history.getByRole('button', { name: 'P2P Bets', exact: true }).click();
    await expect(history.getByTestId('transaction').first()).toContainText('P2P Bets');
    await expect(history).toContainText('Exchange hold');
    const byMarket = history.getByTestId('p2p-market');
    await expect(byMarket.filter({ hasText: 'Match Odds' })).toContainText('Profit £15.70');
    await expect(byMarket.filter({ hasText: 'Over/Under 2.5 Goals' })).toContainText('Profit £2.45');
  });
});

test('in a browser tab, Social betting offers the app instead, with Install the app where the browser can', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  // Chromium offers installation with beforeinstallprompt; a headless one never does by itself.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByTestId('header-switcher').click();
  await page
    .getByRole('dialog', { name: 'Switch product' })
    .getByRole('button', { name: /Social betting/ })
    .click();
  const modal = page.getByRole('dialog', { name: 'Get the app' });
  await expect(modal).toContainText('Peer-to-peer betting is available only in the ExSport mobile app.');
  await expect(modal.getByRole('button', { name: 'Install the app' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/exchange/);
  await expect(page.locator('iframe[title="Exchange"]')).toHaveCount(0);
});
