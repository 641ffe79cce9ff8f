import type { AddressItem } from '../../../src/contract/address';
import { AddressProviderError, type AddressProvider } from './provider';

export interface GetAddressOptions {
  /** https://api.getAddress.io in production; a local fake in tests. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** One address of getAddress.io's `find` answer with `expand=true`. */
interface ExpandedAddress {
  line_1?: string;
  line_2?: string;
  line_3?: string;
  line_4?: string;
  locality?: string;
  district?: string;
  town_or_city?: string;
}

/**
 * getAddress.io's documented `GET /find/{postcode}?api-key=...&expand=true`: 200 with `addresses`,
 * 404 for a postcode it does not know, 400/401/429/5xx for its own failures.
 */
export class GetAddressProvider implements AddressProvider {
  constructor(private readonly options: GetAddressOptions) {}

  async find(postcode: string): Promise<AddressItem[]> {
    const url = new URL(`/find/${encodeURIComponent(postcode)}`, this.options.baseUrl);
    url.searchParams.set('api-key', this.options.apiKey);
    url.searchParams.set('expand', 'true');
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new AddressProviderError(
        `getAddress unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (response.status === 404) return [];
    if (!response.ok) throw new AddressProviderError(`getAddress answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new AddressProviderError('getAddress answered something other than JSON');
    }
    const addresses = (body as { addresses?: unknown }).addresses;
    if (!Array.isArray(addresses)) throw new AddressProviderError('getAddress answer has no addresses list');
    return addresses.map((entry, index) => ({
      id: `${postcode}-${index + 1}`,
      address: toAddressString(entry as ExpandedAddress),
    }));
  }
}

/**
 * "line 1, middle lines, town": our forms split on commas (first part, middle, last part), and all three
 * fields are required together, so a house with no second line carries its locality or district there.
 */
export function toAddressString(entry: ExpandedAddress): string {
  const clean = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const lines = [entry.line_1, entry.line_2, entry.line_3, entry.line_4].map(clean).filter(Boolean);
  const town = clean(entry.town_or_city);
  const locality = clean(entry.locality) || (lines.length < 2 ? clean(entry.district) : '');
  const middle = [...lines.slice(1), locality].filter((part) => part && part !== town);
  return [lines[0] ?? '', ...middle, town].filter(Boolean).join(', ');
}
