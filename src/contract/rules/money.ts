/** Money is integer pence everywhere; pounds exist only when shown or typed. */
export type Pence = number;

const formatters = new Map<string, Intl.NumberFormat>();

export function formatPence(pence: Pence, currency = 'GBP'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(pence / 100);
}

/**
 * Exact pence (a BigInt from exact odds, or a sum of many payouts) as a number: clamped at 2^53 - 1, which no real
 * payment comes near (the payout cap keeps every payment far below) but an absurd accumulator's figure can pass.
 */
export function wholePence(pence: bigint): Pence {
  return pence > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(pence);
}

/** Pence figures added exactly and clamped as wholePence: a system bet's lines, each possibly at the clamp. */
export function sumPence(figures: readonly Pence[]): Pence {
  return wholePence(figures.reduce((total, pence) => total + BigInt(pence), 0n));
}

/** Pounds as typed ("12.5", 20) to pence, rounded to the nearest penny; NaN for anything that is not a number. */
export function poundsToPence(pounds: string | number): Pence {
  const value = typeof pounds === 'number' ? pounds : Number(String(pounds).trim());
  if (typeof pounds === 'string' && pounds.trim() === '') return Number.NaN;
  if (!Number.isFinite(value)) return Number.NaN;
  return Math.round(value * 100);
}

/** Pence as the plain pounds figure an input shows ("20", "12.50"). */
export function penceToPoundsInput(pence: Pence): string {
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

/** A profit or loss: '+£10.00', '-£5.00', '£0.00'. */
export function formatSignedPence(pence: Pence, currency = 'GBP'): string {
  return pence > 0 ? `+${formatPence(pence, currency)}` : formatPence(pence, currency);
}
