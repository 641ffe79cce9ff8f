import { afterAll, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEachDatabase, createUser, login } from './support/harness';
import { multipart, PNG } from './support/multipart';

const dataDirs: string[] = [];
function ownDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'bx-avatars-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const files = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'avatars'));
  } catch {
    return [];
  }
};

const raceDir = ownDataDir();
describeEachDatabase(
  'avatar uploads racing each other',
  (use) => {
    it('leaves exactly one file, the one the account points at, after 20 parallel uploads', async () => {
      const context = use();
      const user = await createUser(context);
      const { accessToken } = await login(context, user);
      const before = files(raceDir).length;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          context.request({ method: 'POST', url: '/auth/change_avatar', token: accessToken, ...multipart(PNG) }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      const row = await context.database.db
        .selectFrom('users')
        .select('avatar_url')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(files(raceDir)).toHaveLength(before + 1);
      expect(files(raceDir)).toContain(row.avatar_url!.split('/').pop());
    });
  },
  { dataDir: raceDir },
);

const limitDir = ownDataDir();
describeEachDatabase(
  'avatar upload limit',
  (use) => {
    it('slows down one customer’s uploads with 429, writing no file for a refused one', async () => {
      const context = use();
      const user = await createUser(context);
      const { accessToken } = await login(context, user);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++)
        statuses.push(
          (await context.request({ method: 'POST', url: '/auth/change_avatar', token: accessToken, ...multipart(PNG) }))
            .statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = await createUser(context);
      const otherToken = (await login(context, other)).accessToken;
      expect(
        (await context.request({ method: 'POST', url: '/auth/change_avatar', token: otherToken, ...multipart(PNG) }))
          .statusCode,
      ).toBe(200);
    });
  },
  { dataDir: limitDir, rateLimits: { avatarUpload: { max: 3, timeWindow: 60_000 } } },
);
