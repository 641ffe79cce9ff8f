import { createCustomer, expect, signIn, test } from './support/fixtures';
import { acceptCookies } from './support/pwa';
import { asInstalledApp, exchangeTrader, lastUpcomingMatch, openExchange } from './support/exchange';

const SHOTS = process.env.EXCHANGE_SHOTS;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`the exchange's screens at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const customer = await createCustomer({ balance: 10_000 });
    const trader = await exchangeTrader(await createCustomer({ balance: 50_000 }));
    const { event, markets } = await lastUpcomingMatch(1);
    const market = markets.find((entry) => entry.name === 'Match Odds')!;
    // A book like a real one: three lays (offered to back) below three backs (offered to lay) on each runner.
    const ladders = [
      { lays: [2, 1.99, 1.98], backs: [2.02, 2.04, 2.06] },
      { lays: [3.4, 3.35, 3.3], backs: [3.45, 3.5, 3.55] },
      { lays: [4.3, 4.2, 4.1], backs: [4.4, 4.5, 4.6] },
    ];
    for (const [index, runner] of market.runners.entries())
      for (const side of ['lay', 'back'] as const)
        for (const price of ladders[index]![side === 'lay' ? 'lays' : 'backs'])
          await trader.place({
            marketId: market.marketId,
            selectionId: runner.selectionId,
            side,
            price,
            size: side === 'lay' ? 1_250 : 83_000 / 100,
          });
    await asInstalledApp(page);
    await signIn(page, customer);
    await acceptCookies(page);
    const frame = await openExchange(page);
    await expect(
      frame
        .getByRole('region', { name: 'In play' })
        .or(frame.getByRole('region', { name: 'Upcoming' }))
        .first(),
    ).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-${viewport.width}.png` });
    // Nothing runs off the side, and a score or kick-off time stays on one line beside the match.
    const frameBody = frame.locator('body');
    expect(await frameBody.evaluate((body) => body.scrollWidth <= body.clientWidth)).toBe(true);
    for (const when of await frame.locator('.event__when').all())
      expect(await when.evaluate((element) => element.getClientRects().length === 1 && element.clientHeight < 40)).toBe(
        true,
      );
    // On a desktop the exchange's frame owns the screen under the header, as the sportsbook's: one scroll, the
    // footer docked at the screen's foot.
    if (viewport.width >= 1024) {
      expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(
        0,
      );
      const footer = (await page.getByTestId('footer').boundingBox())!;
      expect(footer.y + footer.height).toBeCloseTo(viewport.height, 0);
    }
    await frame.getByRole('link', { name: new RegExp(event.name) }).click();
    await frame.getByRole('link', { name: /Match Odds/ }).click();
    await frame.getByRole('button', { name: new RegExp(`^Back ${market.runners[0]!.name} at 2,`) }).click();
    await frame.getByLabel('Stake (£)').fill('5');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/slip-${viewport.width}.png` });
    // On a desktop the slip sits beside the ladder; on a phone, under it.
    const ladderBox = (await frame.locator('.runners').boundingBox())!;
    const slipBox = (await frame.getByRole('region', { name: /^Back / }).boundingBox())!;
    if (viewport.width >= 1024) expect(slipBox.x).toBeGreaterThan(ladderBox.x + ladderBox.width);
    else expect(slipBox.y).toBeGreaterThan(ladderBox.y + ladderBox.height - 1);
    await frame.getByRole('button', { name: 'Place back' }).click();
    await expect(frame.getByText(/^Matched: £5.00 at 2/)).toBeVisible();
    await frame.getByRole('button', { name: new RegExp(`^Lay ${market.runners[1]!.name} at 3.45,`) }).click();
    await frame.getByLabel("Backer's stake (£)").fill('2');
    await frame.getByRole('button', { name: 'Place lay' }).click();
    await expect(frame.getByRole('region', { name: 'Matched bets' })).toContainText('(average)');
    await frame.getByRole('region', { name: 'Matched bets' }).scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/market-${viewport.width}.png` });
    await frame.getByRole('link', { name: 'My orders' }).click();
    await expect(frame.getByRole('heading', { name: 'My orders' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/orders-${viewport.width}.png` });
  });
}
