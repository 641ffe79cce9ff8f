import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { sql } from 'kysely';
import { executeNamed } from '../../platform/db/named-query';
import { GroupCommit } from '../../platform/group-commit';
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
  /** Asked on every order request: the lookups arriving at the same moment share one named statement. */
  private readonly lookups = new GroupCommit<string, ExchangeSession | undefined>((hashes) => this.findAll(hashes), {
    maxBatch: 200,
  });

  constructor(
    private readonly db: ExchangeDb,
    private readonly wallet: P2pWalletClient,
    private readonly clock: Clock,
  ) {}

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
    const session = token ? await this.lookups.submit(hashToken(token)) : undefined;
    if (!session) throw sessionEnded();
    return session;
  }

  /** The live sessions of these token hashes, in order (undefined for none). */
  private async findAll(hashes: string[]): Promise<Array<ExchangeSession | undefined>> {
    const startedAfter = new Date(this.clock.now().getTime() - SESSION_MAX_MS);
    const { rows } = await executeNamed(
      this.db,
      sql<{ token_hash: string; id: string; player_id: number; pam_session_id: string; currency: string }>`
        SELECT token_hash, id, player_id, pam_session_id, currency FROM exchange.sessions
        WHERE token_hash = ANY(${hashes}::text[]) AND ended_at IS NULL AND created_at > ${startedAfter}`,
    );
    const byHash = new Map(
      rows.map((row) => [
        row.token_hash,
        { id: row.id, playerId: row.player_id, pamSessionId: row.pam_session_id, currency: row.currency },
      ]),
    );
    return hashes.map((hash) => byHash.get(hash));
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
