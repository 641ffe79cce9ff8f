import { badRequest, conflict, notFound } from '../../platform/errors';
import { requireArgs } from '../../platform/operator/command';
import { isOpenStatus } from '../catalogue/records';
import type { SportsbookOperatorCommand } from './command';

const NUDGE_USAGE = 'sb-nudge <eventId> <home|away> <percent, -50 to 100, e.g. -20>';

/** The percent a side's scoring rate moves by: a whole number from -50 to +100, never 0. */
function parseNudge(side: string, percentText: string): { side: 'home' | 'away'; percent: number } {
  if (side !== 'home' && side !== 'away') throw badRequest(`Not a side: ${side} (home or away)`);
  if (!/^[+-]?\d{1,3}$/.test(percentText))
    throw badRequest(`Not a percent: ${percentText} (a whole number from -50 to 100, e.g. -20)`);
  const percent = Number(percentText);
  if (percent === 0 || percent < -50 || percent > 100)
    throw badRequest(`Move the rate by -50 to 100 percent, not ${percent}`);
  return { side, percent };
}

/**
 * `sb-nudge`: a trader's move (team news, a weight of money). One side's scoring rate in the score model goes up or
 * down by a percent, so every price of the match moves the way it would: a lower home rate lengthens the home win.
 * It goes through the catalogue like any change (stored, then pushed live), so a test or an operator can move prices
 * deliberately, e.g. during a cash-out delay.
 */
export const nudgeCommand: SportsbookOperatorCommand = {
  name: 'sb-nudge',
  usage: NUDGE_USAGE,
  async run(services, args) {
    const [eventId, sideText, percentText] = requireArgs(args, 3, this.usage);
    const { side, percent } = parseNudge(sideText!, percentText!);
    const { catalogue } = services;
    if (!catalogue.record(eventId!)) throw notFound(`No event ${eventId}`);
    let moved = false;
    const record = await catalogue.advance(eventId!, (current) => {
      if (!isOpenStatus(current.status)) return undefined;
      moved = true;
      return { ...current, rates: { ...current.rates, [side]: (current.rates[side] * (100 + percent)) / 100 } };
    });
    if (!moved || !record) throw conflict('Prices can be moved only before or during the match');
    const main = catalogue.eventDetail(eventId!)?.mainMarket;
    return {
      eventId,
      rates: record.rates,
      seq: record.seq,
      mainMarket: main?.selections.map(
        (selection) => `${selection.name} ${selection.price ? `${selection.price.num}/${selection.price.den}` : '-'}`,
      ),
    };
  },
};
