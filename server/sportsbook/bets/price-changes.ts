import type { PriceChangePolicy } from '../../../src/contract/sportsbook-rules';
import type { SystemType } from '../../../src/contract/sportsbook-rules';

interface ParsedRequest {
  kind: string;
  system?: SystemType;
  stake: number;
  selections: ReadonlyArray<{ selectionId: string; price: { num: number; den: number } }>;
  priceChanges?: PriceChangePolicy;
  acceptPriceChanges: boolean;
}

/** The customer's price-change setting: `priceChanges`, or an older frame's boolean (true: any, false: never). */
export function priceChangesOf(request: Pick<ParsedRequest, 'priceChanges' | 'acceptPriceChanges'>): PriceChangePolicy {
  return request.priceChanges ?? (request.acceptPriceChanges ? 'any' : 'never');
}

/**
 * What a placement asked for, as its request hash covers it. Written as it was before the setting had three values
 * (the boolean for never and any), so a retry of a bet placed before this change is still recognised as the same.
 */
export function requestHashParts(request: ParsedRequest, priceChanges: PriceChangePolicy): unknown[] {
  const parts: unknown[] = [
    request.kind,
    request.stake,
    request.selections.map((s) => [s.selectionId, s.price.num, s.price.den]),
    priceChanges === 'higher' ? 'higher' : priceChanges === 'any',
  ];
  return request.system ? [...parts, request.system] : parts;
}
