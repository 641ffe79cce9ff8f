import type {
  BetBuilderQuote,
  BetView,
  BetsResponse,
  CashOutAnswer,
  CashOutOffers,
  CashOutRequest,
  OpenBetsLive,
  OutrightResponse,
  PlaceBetRequest,
  PlacementRefusalBody,
} from '../../contract/sportsbook';
import type { FreeBetsResponse } from '../../contract/games';
import type { FrameHttp } from '../../ui/frame/FrameHttp';
import type { CashOutResult, PlaceResult } from './api';

/**
 * The sportsbook's calls that no first paint makes (src/contract/sportsbook.ts): betting, bets, cash out, free bets
 * and outrights. Loaded after the first paint (lazy-api.ts), through the same FrameHttp as SportsbookApi.
 */
export class LaterApi {
  constructor(private readonly http: FrameHttp) {}

  private request<T>(method: string, path: string, body?: unknown, { allow422 = false } = {}) {
    return this.http.request<T>(method, path, body, { answered: allow422 ? [422] : [] });
  }

  outright = async (competitionId: string) =>
    (await this.request<OutrightResponse>('GET', `/api/competitions/${encodeURIComponent(competitionId)}/outright`))
      .data;
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
  openBetsLive = async () => (await this.request<OpenBetsLive>('GET', '/api/open-bets/live')).data;
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
