import type {
  BetView,
  CompetitionsResponse,
  EventDetail,
  EventsResponse,
  PlacementRefusalBody,
} from '../../contract/sportsbook';
import { ApiError, FrameHttp } from '../../ui/frame/FrameHttp';

export { ApiError };

export const NO_ANSWER = 'We could not reach the sportsbook. Check your connection and try again.';

export type CashOutResult =
  { outcome: 'accepted'; bet: BetView; paid: number } | { outcome: 'refused'; message: string; code: string };

export type PlaceResult =
  { outcome: 'accepted' | 'pending'; bet: BetView } | { outcome: 'refused'; refusal: PlacementRefusalBody };

/**
 * The sportsbook's HTTP API (src/contract/sportsbook.ts), on the frame's own origin: the calls of the first paint
 * (the lists, an event, the session). Every other call is LaterApi's (later-api.ts), loaded after the first paint.
 */
export class SportsbookApi {
  constructor(private readonly http: FrameHttp) {}

  private async get<T>(path: string): Promise<T> {
    return (await this.http.request<T>('GET', path)).data;
  }

  competitions = async () => (await this.get<CompetitionsResponse>('/api/competitions')).competitions;
  events = async (status: 'live' | 'upcoming') =>
    (await this.get<EventsResponse>(`/api/events?status=${status}`)).events;
  event = (eventId: string) => this.get<EventDetail>(`/api/events/${encodeURIComponent(eventId)}`);
  startSession = async (launchToken: string) =>
    (
      await this.http.request<{ sessionToken: string; balance: number; currency: string }>('POST', '/api/session', {
        launchToken,
      })
    ).data;
  session = () => this.get<{ balance: number; currency: string }>('/api/session');
}
