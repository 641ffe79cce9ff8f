import type {
  BetBuilderQuote,
  BetView,
  BetsResponse,
  CashOutAnswer,
  CashOutOffers,
  CashOutRequest,
  CompetitionsResponse,
  EventDetail,
  EventsResponse,
  OutrightResponse,
  PlaceBetRequest,
  PlacementRefusalBody,
} from '../../contract/sportsbook';
import type { FreeBetsResponse } from '../../contract/games';

/** A failed answer: `status` 0 means no answer at all (offline, connection lost, timeout). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const NO_ANSWER = 'We could not reach the sportsbook. Check your connection and try again.';

export interface SportsbookApiDeps {
  baseUrl: string;
  fetch?: typeof fetch;
  token: () => string | null;
  /** Told of a 401 on a call that carried a session. */
  onSessionExpired: () => void;
  timeoutMs?: number;
}

export type CashOutResult =
  { outcome: 'accepted'; bet: BetView; paid: number } | { outcome: 'refused'; message: string; code: string };

export type PlaceResult =
  { outcome: 'accepted' | 'pending'; bet: BetView } | { outcome: 'refused'; refusal: PlacementRefusalBody };

/** The sportsbook's HTTP API (src/contract/sportsbook.ts), on the frame's own origin. */
export class SportsbookApi {
  constructor(private readonly deps: SportsbookApiDeps) {}

  private async request<T>(
    method: string,
    path: string,
    body?: unknown,
    { allow422 = false } = {},
  ): Promise<{ status: number; data: T }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = this.deps.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.deps.timeoutMs ?? 15_000);
    let response: Response;
    try {
      response = await (this.deps.fetch ?? fetch)(`${this.deps.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch {
      throw new ApiError(0, NO_ANSWER);
    } finally {
      clearTimeout(timer);
    }
    let data: unknown = null;
    if (response.status !== 204) data = await response.json().catch(() => null);
    if (response.ok || (allow422 && response.status === 422)) return { status: response.status, data: data as T };
    const error = (data ?? {}) as { message?: string; code?: string };
    if (response.status === 401 && token) this.deps.onSessionExpired();
    throw new ApiError(
      response.status,
      error.message || (response.status >= 500 ? NO_ANSWER : 'Something went wrong'),
      error.code,
      data,
    );
  }

  competitions = async () => (await this.request<CompetitionsResponse>('GET', '/api/competitions')).data.competitions;
  events = async (status: 'live' | 'upcoming') =>
    (await this.request<EventsResponse>('GET', `/api/events?status=${status}`)).data.events;
  outright = async (competitionId: string) =>
    (await this.request<OutrightResponse>('GET', `/api/competitions/${encodeURIComponent(competitionId)}/outright`))
      .data;
  event = async (eventId: string) =>
    (await this.request<EventDetail>('GET', `/api/events/${encodeURIComponent(eventId)}`)).data;
  startSession = async (launchToken: string) =>
    (
      await this.request<{ sessionToken: string; balance: number; currency: string }>('POST', '/api/session', {
        launchToken,
      })
    ).data;
  session = async () => (await this.request<{ balance: number; currency: string }>('GET', '/api/session')).data;
  endSession = async () => {
    await this.request('DELETE', '/api/session');
  };
  bets = async (state: 'open' | 'settled') =>
    (await this.request<BetsResponse>('GET', `/api/bets?state=${state}`)).data.bets;
  bet = async (betId: string) => (await this.request<BetView>('GET', `/api/bets/${encodeURIComponent(betId)}`)).data;

  /** A Bet Builder's price for these selections, or why it has none (422: impossible together, not buildable, closed). */
  async quoteBetBuilder(
    selectionIds: string[],
  ): Promise<{ quote: BetBuilderQuote } | { refusal: PlacementRefusalBody }> {
    const { status, data } = await this.request<BetBuilderQuote | PlacementRefusalBody>(
      'POST',
      '/api/bet-builder/quote',
      { selectionIds },
      { allow422: true },
    );
    return status === 422 ? { refusal: data as PlacementRefusalBody } : { quote: data as BetBuilderQuote };
  }

  cashOutOffers = async () => (await this.request<CashOutOffers>('GET', '/api/cash-out-offers')).data.offers;
  freeBets = async () => (await this.request<FreeBetsResponse>('GET', '/api/free-bets')).data.freeBets;

  /** One press of Cash Out; a 422 is the refusal in words, shown on screen. */
  async cashOut(betId: string, request: CashOutRequest): Promise<CashOutResult> {
    const { status, data } = await this.request<CashOutAnswer | { message: string; code: string }>(
      'POST',
      `/api/bets/${encodeURIComponent(betId)}/cash-out`,
      request,
      { allow422: true },
    );
    if (status === 422) return { outcome: 'refused', ...(data as { message: string; code: string }) };
    return { outcome: 'accepted', ...(data as CashOutAnswer) };
  }

  async placeBet(request: PlaceBetRequest): Promise<PlaceResult> {
    const { status, data } = await this.request<{ bet: BetView } | PlacementRefusalBody>('POST', '/api/bets', request, {
      allow422: true,
    });
    if (status === 422) return { outcome: 'refused', refusal: data as PlacementRefusalBody };
    const bet = (data as { bet: BetView }).bet;
    return { outcome: status === 202 || bet.status === 'pending' ? 'pending' : 'accepted', bet };
  }
}
