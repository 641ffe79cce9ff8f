import {
  CreditReferenceUnavailableError,
  PUBLIC_RECORD_KINDS,
  type CreditReferenceAnswer,
  type CreditReferencePerson,
  type CreditReferenceProvider,
  type PublicRecordKind,
} from './provider';

export interface CreditReferenceApiOptions {
  /** The bureau's check endpoint (POST JSON); the sandbox's on the providers origin unless configured. */
  url: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * A bureau's soft-check API: a JSON POST of the person with the operator's key in Authorization, answered with
 * `{ reference, publicRecords: [{ type }] }`. Anything else is no answer, so the check is tried again later.
 */
export class CreditReferenceApiProvider implements CreditReferenceProvider {
  constructor(private readonly options: CreditReferenceApiOptions) {}

  async check(person: CreditReferencePerson): Promise<CreditReferenceAnswer> {
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.apiKey}` },
        body: JSON.stringify(person),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new CreditReferenceUnavailableError(
        `bureau unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new CreditReferenceUnavailableError(`bureau answered ${response.status}`);
    return readAnswer(body);
  }
}

function readAnswer(body: unknown): CreditReferenceAnswer {
  const nonsense = () =>
    new CreditReferenceUnavailableError(`bureau answered nonsense: ${JSON.stringify(body)?.slice(0, 200)}`);
  if (typeof body !== 'object' || body === null) throw nonsense();
  const { reference, publicRecords } = body as { reference?: unknown; publicRecords?: unknown };
  if (typeof reference !== 'string' || !reference || reference.length > 100 || !Array.isArray(publicRecords))
    throw nonsense();
  const kinds = publicRecords.map((record: unknown) =>
    typeof record === 'object' && record !== null ? (record as { type?: unknown }).type : undefined,
  );
  if (!kinds.every((kind): kind is PublicRecordKind => PUBLIC_RECORD_KINDS.includes(kind as PublicRecordKind)))
    throw nonsense();
  return { reference, publicRecords: [...new Set(kinds)] };
}
