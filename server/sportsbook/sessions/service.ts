import { CompiledQuery } from 'kysely';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { AppError, unauthorized } from '../../platform/errors';
import { GroupCommit } from '../../platform/group-commit';
import { nameStatement } from '../../platform/db/named-statements';
import type { BetsDb } from '../bets/tables';
import { pamPlayerId, type WalletClient } from '../wallet-client';

/** A frame's sportsbook session: one PAM session of one player. */
export interface SportsbookSession {
  id: string;
  playerId: string;
  pamSessionId: string;
  currency: string;
}

/** No sportsbook session outlives the PAM sign-in it came from (a refresh family lives at most 12 hours). */
const SESSION_MAX_MS = 12 * 60 * 60 * 1000;

const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';
const sessionEnded = () => unauthorized(SESSION_ENDED_MESSAGE, 'SessionExpired');
const walletUnreachable = () =>
  new AppError(503, 'We cannot reach your account right now. Please try again in a moment.', 'WalletUnavailable');

const FIND_SESSIONS =
  'SELECT token_hash, id, player_id, pam_session_id, currency FROM sportsbook.sessions WHERE token_hash = ANY($1::text[]) AND ended_at IS NULL AND created_at > $2';
// Every request's session check: parsed and planned once a connection.
nameStatement(FIND_SESSIONS);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Launch tokens from the PAM become sportsbook sessions: a random token the frame keeps in memory, stored here
 * only as its hash. The PAM stays the judge of whether the customer is still signed in: a session it calls
 * expired is ended here too.
 */
export class SessionService {
  /** Every request of the frame starts with a lookup: those arriving at the same moment share one statement. */
  private readonly lookups = new GroupCommit<string, SportsbookSession | undefined>((hashes) => this.findAll(hashes), {
    maxBatch: 200,
    inFlight: 2,
  });

  constructor(
    private readonly db: BetsDb,
    private readonly wallet: WalletClient,
    private readonly clock: Clock,
    /** Told after a session ends, so its sockets stop receiving its messages. */
    private readonly onEnded: (sessionId: string) => void = () => {},
  ) {}

  async launch(launchToken: string): Promise<{ sessionToken: string; balance: number; currency: string }> {
    const answer = await this.wallet.call('authenticate', { token: launchToken });
    if (answer.outcome === 'unanswered') throw walletUnreachable();
    if (answer.outcome === 'refused')
      throw unauthorized('Your sign-in link has expired. Please open the sportsbook again.', 'InvalidToken');
    const { playerId, sessionId, currency, balance } = answer.body as {
      playerId: unknown;
      sessionId: unknown;
      currency: string;
      balance: number;
    };
    const sessionToken = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('sportsbook.sessions')
      .values({
        id: randomUUID(),
        token_hash: hashToken(sessionToken),
        player_id: String(playerId),
        pam_session_id: String(sessionId),
        currency,
        created_at: this.clock.now(),
        ended_at: null,
      })
      .execute();
    return { sessionToken, balance, currency };
  }

  /** The live session a bearer token stands for; 401 SessionExpired when there is none. Also the WebSocket's resolveSession. */
  async resolve(token: string | undefined): Promise<SportsbookSession> {
    const session = token ? await this.find(token) : undefined;
    if (!session) throw sessionEnded();
    return session;
  }

  find(token: string): Promise<SportsbookSession | undefined> {
    return this.lookups.submit(hashToken(token));
  }

  /** The live sessions of these token hashes, in order (undefined for none); the statement is written once, not built per call. */
  private async findAll(hashes: string[]): Promise<Array<SportsbookSession | undefined>> {
    const { rows } = await this.db.executeQuery<{
      token_hash: string;
      id: string;
      player_id: string;
      pam_session_id: string;
      currency: string;
    }>(CompiledQuery.raw(FIND_SESSIONS, [hashes, new Date(this.clock.now().getTime() - SESSION_MAX_MS)]));
    const byHash = new Map(
      rows.map((row) => [
        row.token_hash,
        { id: row.id, playerId: row.player_id, pamSessionId: row.pam_session_id, currency: row.currency },
      ]),
    );
    return hashes.map((hash) => byHash.get(hash));
  }

  async balance(session: SportsbookSession): Promise<{ balance: number; currency: string }> {
    const body = await this.read(session, 'balance');
    return { balance: body.balance as number, currency: session.currency };
  }

  /** A read of the PAM for this session's player (balance, free-bet tokens); an ended PAM session ends this one. */
  async read(session: SportsbookSession, call: 'balance' | 'free-bets'): Promise<Record<string, unknown>> {
    const answer = await this.wallet.call(call, {
      playerId: pamPlayerId(session.playerId),
      sessionId: session.pamSessionId,
    });
    if (answer.outcome === 'unanswered') throw walletUnreachable();
    if (answer.outcome === 'refused') {
      if (answer.code === 'SessionExpired') {
        await this.end(session.id);
        throw sessionEnded();
      }
      throw new AppError(answer.status, answer.message, answer.code);
    }
    return answer.body;
  }

  /** Ends a session; inside a caller's transaction (`db`), the caller tells onEnded after its commit. */
  async end(sessionId: string, db?: Pick<BetsDb, 'updateTable'>): Promise<void> {
    await (db ?? this.db)
      .updateTable('sportsbook.sessions')
      .set({ ended_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .execute();
    if (!db) this.onEnded(sessionId);
  }

  ended(sessionId: string): void {
    this.onEnded(sessionId);
  }
}
