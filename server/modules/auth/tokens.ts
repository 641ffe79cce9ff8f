import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'betting-exchange';
const AUDIENCE = 'betting-exchange-app';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  familyId: string;
}

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(secret: string, private readonly lifetimeSeconds: number) {
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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.fid !== 'string') return undefined;
      return { userId, familyId: payload.fid };
    } catch {
      return undefined;
    }
  }
}

/** 256 random bits, for refresh tokens and reset codes. */
export const opaqueToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
