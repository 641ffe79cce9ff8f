import { GamstopUnavailableError, type GamstopAnswer, type GamstopPerson, type GamstopProvider } from './provider';

export interface GamstopApiOptions {
  /** The endpoint GAMSTOP gives the operator (POST); a local fake in tests. */
  url: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const EXCLUSIONS = new Set(['Y', 'P', 'N']);

/**
 * GAMSTOP's API: a form-encoded POST of firstName, lastName, dateOfBirth, email, postcode and mobile with the
 * operator's X-API-Key; the answer is in the X-Exclusion header (Y, P or N) with X-Unique-Id naming the check.
 */
export class GamstopApiProvider implements GamstopProvider {
  constructor(private readonly options: GamstopApiOptions) {}

  async check(person: GamstopPerson): Promise<GamstopAnswer> {
    const form = new URLSearchParams({
      firstName: person.firstName,
      lastName: person.lastName,
      dateOfBirth: person.dateOfBirth,
      email: person.email,
      postcode: person.postcode,
      mobile: person.mobile,
    });
    // One deadline for the whole check, a retry included.
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? 5000);
    const send = () =>
      (this.options.fetch ?? fetch)(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': this.options.apiKey },
        body: form,
        signal,
      });
    let response: Response;
    try {
      // A kept-alive connection the far end has just closed fails at once; the check is a read, so it is safe to send again.
      response = await send().catch((error: unknown) => (signal.aborted ? Promise.reject(error) : send()));
    } catch (error) {
      throw new GamstopUnavailableError(
        `GAMSTOP unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    // The body is never needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new GamstopUnavailableError(`GAMSTOP answered ${response.status}`);
    const exclusion = response.headers.get('x-exclusion')?.trim().toUpperCase() ?? '';
    if (!EXCLUSIONS.has(exclusion))
      throw new GamstopUnavailableError(
        `GAMSTOP answered an unknown exclusion ${JSON.stringify(exclusion.slice(0, 20))}`,
      );
    const uniqueId = response.headers.get('x-unique-id')?.trim().slice(0, 100) || null;
    return { exclusion: exclusion as GamstopAnswer['exclusion'], uniqueId };
  }
}
