import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals small secrets (TOTP keys) at rest with AES-256-GCM. The key is derived from a server secret with HKDF
 * under its own label, so a copy of the database alone does not hold a customer's authenticator key.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, label: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'exsport-secret-box', label, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      sealed.toString('base64url'),
    ].join('.');
  }

  /** Throws when the text was not sealed with this key or was altered. */
  open(sealedText: string): string {
    const [version, iv, tag, sealed] = sealedText.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}
