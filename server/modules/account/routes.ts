import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { AVATAR_MAX_BYTES, deleteAccountRequest, updateDetailsRequest } from '../../../src/contract/account';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { keyedRateLimit } from '../../platform/http/keyed-rate-limit';

const AVATAR_TOO_LARGE = 'The picture must be 2 MB or smaller';
const AVATAR_MISSING = 'Please choose a picture to upload';

export async function accountRoutes(app: FastifyInstance, { account, rateLimits, clock }: Services) {
  // Per customer: each upload writes a file of up to 2 MB.
  const avatarLimit = keyedRateLimit(rateLimits.avatarUpload, clock, (request) => String(request.auth.userId));

  app.put('/auth/update_details', { preHandler: app.authenticate }, async (request) =>
    account.updateDetails(request.auth.userId, parse(updateDetailsRequest, request.body)),
  );

  app.delete(
    '/auth/account',
    { preHandler: app.authenticate, config: { rateLimit: rateLimits.passwordCheck } },
    async (request) => {
      await account.deleteAccount(request.auth.userId, parse(deleteAccountRequest, request.body).password);
      return { message: 'Account deleted' };
    },
  );

  app.get<{ Params: { file: string } }>('/avatars/:file', async (request, reply) => {
    const avatar = await account.readAvatar(request.params.file);
    if (!avatar) throw notFound();
    return reply
      .header('content-type', avatar.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(avatar.bytes);
  });

  // Multipart is parsed only here, with limits: one file of at most 2 MB and nothing else.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2, fieldNameSize: 100, headerPairs: 20 },
    });
    upload.post('/auth/change_avatar', { preHandler: [upload.authenticate, avatarLimit] }, async (request) => {
      if (!request.isMultipart()) throw new AppError(415, AVATAR_MISSING, 'NotMultipart');
      let file;
      try {
        file = await request.file();
      } catch (error) {
        throw tooLargeOr(error, badRequest(AVATAR_MISSING, 'NoFile'));
      }
      if (!file || file.fieldname !== 'filedata') throw badRequest(AVATAR_MISSING, 'NoFile');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        throw tooLargeOr(error, badRequest(AVATAR_MISSING, 'NoFile'));
      }
      if (bytes.length === 0) throw badRequest(AVATAR_MISSING, 'NoFile');
      return account.changeAvatar(request.auth.userId, bytes);
    });
  });
}

function tooLargeOr(error: unknown, fallback: AppError): AppError {
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return new AppError(413, AVATAR_TOO_LARGE, 'AvatarTooLarge');
  return fallback;
}
