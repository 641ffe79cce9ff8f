import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { AccessClaims } from '../auth/tokens';
import { opaqueToken, sha256 } from '../auth/tokens';
import { walletError } from './errors';
import { sessionLive, type SessionStanding } from './standing';
import {
  LAUNCH_FRAGMENT_KEY,
  LAUNCH_TOKEN_SECONDS,
  type AuthenticateResponse,
  type GamesLaunchResponse,
} from '../../../src/contract/games';

/**
 * Opening the sportsbook: the launch URL for the frame and, server to server, the trade of its one-time launch token
 * for a sportsbook session. Both are bound to the customer's sign-in (refresh family), so a logout ends them.
 */
export class GamesLaunchService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sportsbookUrl: string,
    /** Which door's tokens and sessions these are: a token minted for one game opens no other. */
    private readonly game: 'iqs' | 'p2p' = 'iqs',
  ) {}

  /** The sportsbook at `route`; for a signed-in customer with a launch token (single use, 60 s) in the fragment, which never reaches a server log. */
  async launch(claims: AccessClaims | undefined, route: string): Promise<GamesLaunchResponse> {
    const url = `${this.sportsbookUrl}${route}`;
    if (!claims) return { url };
    const token = opaqueToken();
    const now = this.clock.now();
    // Tokens never traded are forgotten as new ones are minted, so the table holds about a minute's worth.
    await sql`
      WITH expired AS (DELETE FROM launch_tokens WHERE expires_at <= ${now})
      INSERT INTO launch_tokens (token_hash, user_id, family_id, created_at, expires_at, game)
      VALUES (${sha256(token)}, ${claims.userId}, ${claims.familyId}, ${now}, ${new Date(now.getTime() + LAUNCH_TOKEN_SECONDS * 1000)}, ${this.game})`.execute(
      this.db,
    );
    return { url: `${url}#${LAUNCH_FRAGMENT_KEY}=${token}` };
  }

  /** Trades a launch token (once, within 60 s, while its sign-in lives) for a sportsbook session; 401 InvalidToken otherwise. */
  async authenticate(token: string): Promise<AuthenticateResponse> {
    const now = this.clock.now();
    // Consumed whatever follows: a token is tried once, and a refused one is gone too.
    const result = await sql<
      SessionStanding & { user_id: number; family_id: string; expires_at: Date; balance: number; currency: string }
    >`
      WITH used AS (DELETE FROM launch_tokens WHERE token_hash = ${sha256(token)} AND game = ${this.game} RETURNING user_id, family_id, expires_at)
      SELECT used.user_id, used.family_id, used.expires_at, u.status, u.exclusion_kind, u.exclusion_until, u.exclusion_permanent,
        f.revoked_at, f.expires_at AS family_expires_at, w.balance, w.currency
      FROM used
      JOIN users u ON u.id = used.user_id
      JOIN refresh_families f ON f.id = used.family_id
      JOIN wallets w ON w.user_id = used.user_id`.execute(this.db);
    const row = result.rows[0];
    if (!row || row.expires_at <= now || !sessionLive(row, now)) throw walletError('InvalidToken');
    const sessionId = randomUUID();
    await this.db
      .insertInto('game_sessions')
      .values({ id: sessionId, user_id: row.user_id, family_id: row.family_id, created_at: now, game: this.game })
      .execute();
    return { playerId: row.user_id, sessionId, currency: row.currency, balance: row.balance };
  }
}
