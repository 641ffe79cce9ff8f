import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { prebuiltQuery } from '../../platform/db/prebuilt-query';
import { AppError, unauthorized } from '../../platform/errors';
import type { ExchangeDb } from '../db/schema';
import type { P2pWalletClient } from '../wallet/p2p-client';

/** A frame's exchange session: one PAM session of one player. */
export interface ExchangeSession {
  id: string;
  playerId: number;
  pamSessionId: string;
  currency: string;
}

/** No exchange session outlives the PAM sign-in it came from (a refresh family lives at most 12 hours). */
const SESSION_MAX_MS = 12 * 60 * 60 * 1000;

const sessionEnded = () => unauthorized('Your session has ended. Please log in again.', 'SessionExpired');
export const walletUnreachable = () =>
  new AppError(503, 'We cannot reach your account right now. Please try again in a moment.', 'WalletUnavailable');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Launch tokens from the PAM (GET /games/p2p) become exchange sessions: a random token the frame keeps in memory,
 * stored here only as its hash. The PAM stays the judge of whether the customer is still signed in.
 */
export class SessionService {
  /** Asked on every order request, so built once and sent as a named statement (prebuiltQuery). */
  private readonly liveSession;

  constructor(
    private readonly db: ExchangeDb,
    private readonly wallet: P2pWalletClient,
    private readonly clock: Clock,
  ) {
    this.liveSession = prebuiltQuery(db, (tokenHash: string, startedAfter: Date) =>
      db
        .selectFrom('exchange.sessions')
        .select(['id', 'player_id', 'pam_session_id', 'currency'])
        .where('token_hash', '=', tokenHash)
        .where('ended_at', 'is', null)
        .where('created_at', '>', startedAfter),
    );
  }

  async launch(launchToken: string): Promise<{ sessionToken: string; balance: number; currency: string }> {
    const answer = await this.wallet.call('authenticate', { token: launchToken });
    if (answer.outcome === 'unanswered') throw walletUnreachable();
    if (answer.outcome === 'refused')
      throw unauthorized('Your sign-in link has expired. Please open the exchange again.', 'InvalidToken');
    const { playerId, sessionId, currency, balance } = answer.body as {
      playerId: number;
      sessionId: string;
      currency: string;
      balance: number;
    };
    const sessionToken = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('exchange.sessions')
      .values({
        id: randomUUID(),
        token_hash: hashToken(sessionToken),
        player_id: playerId,
        pam_session_id: sessionId,
        currency,
        created_at: this.clock.now(),
        ended_at: null,
      })
      .execute();
    return { sessionToken, balance, currency };
  }

  /** The live session a bearer token stands for; 401 SessionExpired when there is none. */
  async resolve(token: string | undefined): Promise<ExchangeSession> {
    if (!token) throw sessionEnded();
    const [row] = await this.liveSession(hashToken(token), new Date(this.clock.now().getTime() - SESSION_MAX_MS));
    if (!row) throw sessionEnded();
    return { id: row.id, playerId: row.player_id, pamSessionId: row.pam_session_id, currency: row.currency };
  }

  /** Ends a session the PAM called expired, and says so. */
  async expire(session: ExchangeSession): Promise<never> {
    await this.db
      .updateTable('exchange.sessions')
      .set({ ended_at: this.clock.now() })
      .where('id', '=', session.id)
      .execute();
    throw sessionEnded();
  }
}
