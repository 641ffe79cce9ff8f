import type {
  ExchangeEventsResponse,
  Market,
  MarketsResponse,
  Order,
  OrdersResponse,
  PlaceOrderRequest,
  PositionsResponse,
} from '../../contract/exchange';
import { FrameHttp, type FrameHttpDeps } from '../../ui/frame/FrameHttp';

const NO_ANSWER = 'We could not reach the exchange. Check your connection and try again.';

export type ExchangeApiDeps = Omit<FrameHttpDeps, 'noAnswer'>;

/** What a press of Place came to: on the book (201), held by the in-play delay (202), or refused in words. */
export type PlaceOrderResult =
  | { outcome: 'placed' | 'held'; order: Order }
  /** `code` is one of ExchangeRefusal from a current service; kept a string so an unknown one still shows its words. */
  | { outcome: 'refused'; code: string; message: string };

/** The exchange's HTTP API (src/contract/exchange.ts), on the frame's own origin. */
export class ExchangeApi {
  private readonly http: FrameHttp;

  constructor(deps: ExchangeApiDeps) {
    this.http = new FrameHttp({ ...deps, noAnswer: NO_ANSWER });
  }

  startSession = async (launchToken: string) =>
    (
      await this.http.request<{ sessionToken: string; balance: number; currency: string }>('POST', '/api/session', {
        launchToken,
      })
    ).data;

  events = async (status: 'live' | 'upcoming') =>
    (await this.http.request<ExchangeEventsResponse>('GET', `/api/events?status=${status}`)).data.events;

  markets = async (eventId: string) =>
    (await this.http.request<MarketsResponse>('GET', `/api/markets?eventId=${encodeURIComponent(eventId)}`)).data
      .markets;

  market = async (marketId: string) =>
    (await this.http.request<Market>('GET', `/api/markets/${encodeURIComponent(marketId)}`)).data;

  orders = async (status?: 'open' | 'settled') =>
    (await this.http.request<OrdersResponse>('GET', `/api/orders${status ? `?status=${status}` : ''}`)).data.orders;

  positions = async (marketId: string) =>
    (await this.http.request<PositionsResponse>('GET', `/api/positions?marketId=${encodeURIComponent(marketId)}`)).data
      .positions;

  /** 409 (the order id reused) and 422 are answers in words; no answer at all throws, to retry with the same id. */
  async placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderResult> {
    const { status, data } = await this.http.request<{ order: Order } | { message: string; code: string }>(
      'POST',
      '/api/orders',
      request,
      { answered: [409, 422] },
    );
    if (status === 409 || status === 422) {
      const refusal = data as { message?: string; code?: string } | null;
      return { outcome: 'refused', code: refusal?.code ?? 'Refused', message: refusal?.message ?? 'Order refused' };
    }
    return { outcome: status === 202 ? 'held' : 'placed', order: (data as { order: Order }).order };
  }

  /** Cancels the unmatched remainder (or `size` pence of it). */
  cancelOrder = async (orderId: string, size?: number) =>
    (
      await this.http.request<{ order: Order }>(
        'DELETE',
        `/api/orders/${encodeURIComponent(orderId)}${size === undefined ? '' : `?size=${size}`}`,
      )
    ).data.order;
}
