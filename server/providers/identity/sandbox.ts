import type { IdentityCheckRequest, IdentityVerificationProvider } from './provider';
import { signValue, validValue } from '../../platform/signing/body-signature';
import { verificationNotification, type VerificationNotification } from '../../../src/contract/registration';
import { verifySignedNotification } from '../signed-notifications';

export const IDENTITY_PAGE_PATH = '/identity-verification';
const PURPOSE = 'identity-check';

/**
 * The sandbox provider keeps nothing: the details travel in the page address, signed with the provider
 * secret, so the page can show them and nobody can make it show or report other ones.
 */
export class SandboxIdentityProvider implements IdentityVerificationProvider {
  constructor(
    private readonly providersUrl: string,
    private readonly secret: string,
  ) {}

  async startCheck(request: IdentityCheckRequest): Promise<{ url: string }> {
    const session = encodeSession(request);
    const url = new URL(IDENTITY_PAGE_PATH, this.providersUrl);
    url.searchParams.set('session', session);
    url.searchParams.set('sig', signValue(this.secret, PURPOSE, session));
    return { url: url.toString() };
  }

  verifyNotification(rawBody: string, signatureHeader: string | undefined, now: Date): VerificationNotification {
    return verifySignedNotification(this.secret, rawBody, signatureHeader, now, verificationNotification);
  }
}

const encodeSession = (request: IdentityCheckRequest) => Buffer.from(JSON.stringify(request)).toString('base64url');

/** The details of a signed session, or null when the address was tampered with. */
export function openSession(secret: string, session: string, sig: string): IdentityCheckRequest | null {
  if (!validValue(secret, PURPOSE, session, sig)) return null;
  try {
    return JSON.parse(Buffer.from(session, 'base64url').toString('utf8')) as IdentityCheckRequest;
  } catch {
    return null;
  }
}
