import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const AVATAR_URL_PREFIX = '/avatars/';
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

const AVATAR_CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type AvatarExtension = keyof typeof AVATAR_CONTENT_TYPES;

/** The picture's type from its first bytes; the name and the declared type prove nothing. */
export function detectImageType(bytes: Buffer): AvatarExtension | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

/** Avatar files under DATA_DIR/avatars, named at random so an address cannot be guessed from a customer. */
export class AvatarFiles {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'avatars');
  }

  async save(bytes: Buffer, extension: AvatarExtension): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await writeFile(join(this.dir, name), bytes, { mode: 0o600 });
    return `${AVATAR_URL_PREFIX}${name}`;
  }

  /** Removes the file behind an avatar address; addresses that are not ours are ignored. */
  async remove(url: string | null): Promise<void> {
    const name = url?.startsWith(AVATAR_URL_PREFIX) ? url.slice(AVATAR_URL_PREFIX.length) : undefined;
    if (!name || !FILE_NAME.test(name)) return;
    await rm(join(this.dir, name), { force: true });
  }

  async read(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
    const match = FILE_NAME.exec(name);
    if (!match) return undefined;
    try {
      return {
        bytes: await readFile(join(this.dir, name)),
        contentType: AVATAR_CONTENT_TYPES[match[1] as AvatarExtension],
      };
    } catch {
      return undefined;
    }
  }
}
