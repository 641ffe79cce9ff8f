import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'betting-exchange';
const AUDIENCE = 'betting-exchange-app';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  familyId: string;
}

/** Verified tokens are remembered (bounded), so a polling client does not pay for the signature check on every call. */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  constructor(
    secret: string,
    private readonly lifetimeSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: AccessClaims, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ fid: claims.familyId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.lifetimeSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or undefined for any token that is malformed, forged, expired or not ours. */
  async verify(token: string, now: Date): Promise<AccessClaims | undefined> {
    const cached = this.verified.get(token);
    if (cached) return cached.expiresAtMs > now.getTime() ? cached.claims : undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.fid !== 'string' || typeof payload.exp !== 'number')
        return undefined;
      const claims = { userId, familyId: payload.fid };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch {
      return undefined;
    }
  }
}

/** 256 random bits, for refresh tokens and reset codes. */
export const opaqueToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
