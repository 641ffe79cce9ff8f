import type { BetKind, BetView, Price, SelectionStatus, SystemType } from '../../../contract/sportsbook-rules';
import type { PlaceBetRequest } from '../../../contract/sportsbook';
import type { PlaceResult } from '../../services/api';

/** Where the slip is kept between visits (localStorage). */
export const SLIP_KEY = 'sb.slip';
/** The accumulator's stake key on the slip (a single's is its selection id). */
export const ACCA = 'acca';
/** The "stake all singles" box: typing there stakes every single on the slip alike. */
export const ALL_SINGLES = 'all:singles';
/** A system bet's stake key on the slip: 'sys:yankee', 'sys:doubles'. */
export const systemKey = (type: SystemType) => `sys:${type}`;
export const systemOfKey = (key: string): SystemType | null =>
  key.startsWith('sys:') ? (key.slice(4) as SystemType) : null;

export interface SlipSelection {
  selectionId: string;
  eventId: string;
  eventName: string;
  marketName: string;
  selectionName: string;
  kickoffAt: string;
  /** The newest price we know: the one shown, and the one a placement sends. */
  price: Price | null;
  /** The price the customer agreed to; differs from `price` after a move until they accept it. */
  acceptedPrice: Price | null;
  status: SelectionStatus;
  /** A league's outright: backed as a single only (the server refuses it in a combination). */
  outright?: boolean;
}

/** held: an in-play bet waiting out its delay (until `heldUntil`); the server then accepts or refuses it. */
export type PlacementState =
  'placing' | 'held' | 'checking' | 'pending' | 'unknown' | 'accepted' | 'refused' | 'not-placed';

/** One bet sent (or being sent). Stored with the slip before the request leaves, so a reload can ask what became of it. */
export interface Placement {
  request: Required<Pick<PlaceBetRequest, 'betId' | 'kind' | 'stake'>> &
    Pick<PlaceBetRequest, 'system' | 'priceChanges' | 'acceptPriceChanges' | 'freeBetId' | 'price'> & {
      selections: Array<{ selectionId: string; price: Price }>;
    };
  /** What the receipt names: 'Rovers (Match Result)'. */
  labels: string[];
  state: PlacementState;
  bet?: BetView;
  message?: string;
  /** While held: when the in-play delay ends (the server's time, UTC ISO). */
  heldUntil?: string;
  /** Found not placed and set aside, then found on the server after all: its receipt says so once accepted. */
  placedAfterAll?: boolean;
}

export interface SlipBet {
  key: string;
  kind: BetKind;
  /** For a system bet, the stake per line. */
  stake: number;
  system?: SystemType;
  /** The whole stake: per line x lines for a system bet. */
  total: number;
  selections: SlipSelection[];
  /** A single staked with this free-bet token (its stake is the token's, not the balance's). */
  freeBetId?: string;
}

export interface PlacementApi {
  placeBet(request: PlaceBetRequest): Promise<PlaceResult>;
  bet(betId: string): Promise<BetView>;
}

export const isFinal = (state: PlacementState) => state === 'accepted' || state === 'refused' || state === 'not-placed';
/** A placement the server's word may still change: not final, or found not placed while its request may still land. */
export const serverMayCorrect = (state: PlacementState) => !isFinal(state) || state === 'not-placed';
