import { CONTENT_LIMITS, creatorProfile, handleAvailability, profileUpdateInput } from '@kholo/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.js';
import type { Storage } from '../../providers/storage/storage.js';
import { requireAccount, type Sessions } from '../accounts/index.js';
import { avatarVersion, sendStoredFile, type UploadAllowance } from '../media/index.js';
import type { CreatorPages } from './creator-page.js';
import type { CreatorsService } from './creators-service.js';

/**
 * Creators' public pages (/api/creators/{username}: her profile and items on sale, ADR 026), their
 * avatars, and the studio's profile settings.
 */
export function creatorsRoutes(
  app: FastifyInstance,
  deps: {
    creators: CreatorsService;
    pages: CreatorPages;
    sessions: Sessions;
    storage: Storage;
    stagingDir: string;
    uploads: UploadAllowance;
  },
): void {
  const { creators, sessions } = deps;

  // The answer is made as text (its shared part kept per version); the same bytes JSON.stringify
  // of the contract's shape gives. Her session is read while the creator is looked up.
  app.get<{ Params: { username: string } }>('/api/creators/:username', async (request, reply) => {
    const viewer = sessions
      .read(request)
      .then((account) => (account === null ? null : { id: account.id, isAdmin: account.isAdmin }));
    const json = await deps.pages.pageJsonFor(request.params.username, viewer);
    return reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(json);
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

  // The checklist's Instagram step: idempotent, so a double tap or a retry answers the same.
  app.post('/api/studio/checklist/instagram-bio-done', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    reply.header('cache-control', 'no-store');
    return creatorProfile.parse(await creators.markInstagramBioDone(account));
  });

  // Any signed-in account may ask: a fan choosing her handle before she starts selling, too.
  app.get<{ Querystring: { handle?: string } }>('/api/studio/handle-availability', async (request, reply) => {
    const account = await requireAccount(sessions, request);
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
