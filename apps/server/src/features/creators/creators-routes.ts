import { CONTENT_LIMITS, creatorPage, creatorProfile, handleAvailability, profileUpdateInput } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.js';
import type { Storage } from '../../providers/storage/storage.js';
import { requireAccount, type Sessions } from '../accounts/session.js';
import type { ContentService } from '../content/content-service.js';
import { avatarVersion } from '../media/media-urls.js';
import { sendStoredFile } from '../media/send-stored-file.js';
import type { UploadAllowance } from '../media/upload-allowance.js';
import type { CreatorsService } from './creators-service.js';

/** Public creator pages and avatars, and the studio's profile settings. */
export function creatorsRoutes(
  app: FastifyInstance,
  deps: {
    creators: CreatorsService;
    content: ContentService;
    sessions: Sessions;
    storage: Storage;
    stagingDir: string;
    uploads: UploadAllowance;
  },
): void {
  const { creators, content, sessions } = deps;

  app.get<{ Params: { username: string } }>('/api/creators/:username', async (request, reply) => {
    const creator = await creators.findForPage(request.params.username);
    const account = await sessions.read(request);
    const viewer = account === null ? null : { id: account.id, isAdmin: account.isAdmin };
    reply.header('cache-control', 'private, no-store');
    return creatorPage.parse(await content.creatorPageItems(creator, viewer));
  });

  app.get<{ Params: { creatorId: string }; Querystring: { v?: string } }>(
    '/api/creators/:creatorId/avatar',
    async (request, reply) => {
      const key = await creators.avatarKey(request.params.creatorId);
      // The URL carries the avatar's version, so a matching one may be cached for good.
      const current = request.query.v === avatarVersion(key);
      return sendStoredFile(request, reply, deps.storage, {
        key,
        contentType: 'image/webp',
        cacheControl: current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        notFoundMessage: 'This creator has no avatar.',
      });
    },
  );

  app.patch('/api/studio/profile', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    await creators.requireCreator(account);
    const input = parseInput(profileUpdateInput, request.body);
    reply.header('cache-control', 'no-store');
    return creatorProfile.parse(await creators.updateProfile(account, input));
  });

  app.get<{ Querystring: { handle?: string } }>('/api/studio/handle-availability', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    await creators.requireCreator(account);
    reply.header('cache-control', 'no-store');
    return handleAvailability.parse(await creators.handleAvailability(account, request.query.handle ?? ''));
  });

  app.post('/api/studio/avatar', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    await creators.requireActiveCreator(account);
    const upload = await deps.uploads.receive(request, account.id, {
      dir: deps.stagingDir,
      maxBytes: CONTENT_LIMITS.avatarMaxBytes,
      tooLargeMessage: 'Please choose a picture under 10 MB.',
      missingFileMessage: 'Please choose a picture.',
      accept: ['image'],
      checkFields: () => null,
    });
    reply.header('cache-control', 'no-store');
    return creatorProfile.parse(await creators.changeAvatar(account, upload.file));
  });
}
