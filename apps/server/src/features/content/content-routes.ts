import {
  CONTENT_MESSAGES,
  contentDetail,
  contentFromUploadInput,
  contentUpdateInput,
  fanUnlocks,
  MAX_UPLOAD_BYTES,
  studioContent,
  type StudioContent,
  studioContents,
} from '@kholo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { parseInput } from '../../lib/validate.js';
import type { Storage } from '../../providers/storage/storage.js';
import { requireAccount, type Sessions } from '../accounts/index.js';
import type { CreatorsService } from '../creators/index.js';
import {
  type ResumableUploads,
  sendOriginalFile,
  sendStoredFile,
  UPLOAD_NOT_FOUND,
  type UploadAllowance,
  UploadBusyError,
} from '../media/index.js';
import type { Viewer } from './content-access.js';
import type { ContentService } from './content-service.js';

interface IdParams {
  id: string;
}

/**
 * The creator's studio (upload, list, edit, delete), content pages, and the files behind them.
 * Her profile, avatar and public page (its items come from creator-page-items.ts) are creators-routes.
 */
export function contentRoutes(
  app: FastifyInstance,
  deps: {
    content: ContentService;
    creators: CreatorsService;
    sessions: Sessions;
    storage: Storage;
    stagingDir: string;
    uploads: UploadAllowance;
    /** Finished tus uploads the JSON form of POST /api/studio/contents makes items from. */
    resumable: ResumableUploads;
  },
): void {
  const { content, creators, sessions, storage } = deps;

  async function viewerOf(request: FastifyRequest): Promise<Viewer | null> {
    const account = await sessions.read(request);
    return account === null ? null : { id: account.id, isAdmin: account.isAdmin };
  }

  async function creatorOf(request: FastifyRequest) {
    return creators.requireCreator(await requireAccount(sessions, request));
  }

  app.get('/api/studio/contents', async (request, reply) => {
    const creator = await creatorOf(request);
    reply.header('cache-control', 'no-store');
    return studioContents.parse(await content.listStudio(creator));
  });

  app.post('/api/studio/contents', async (request, reply) => {
    // Refused before a byte of the file is read.
    const creator = await creators.requireActiveCreator(await requireAccount(sessions, request));
    if (!request.isMultipart() && hasUploadId(request.body)) {
      // JSON: the item from a finished resumable upload (ADR 028), checked as the form is.
      const input = parseInput(contentFromUploadInput, request.body);
      const details = content.checkUploadFields({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.pricePaise === undefined ? {} : { pricePaise: String(input.pricePaise) }),
        isAdultContent: String(input.isAdultContent ?? false),
        ...(input.attested === undefined ? {} : { attested: String(input.attested) }),
      });
      // A retry whose first answer was lost (a dropped connection): the item it made, not a duplicate.
      const send = (item: StudioContent) =>
        reply.code(201).header('cache-control', 'no-store').send(studioContent.parse(item));
      const upload = await deps.resumable.find(input.uploadId, creator.userId);
      if (upload === null) {
        const made = await content.madeFromUpload(creator.userId, input.uploadId);
        if (made !== null) return send(made);
        throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
      }
      let staged;
      try {
        staged = await deps.resumable.claim(upload, deps.stagingDir, ['image', 'video']);
      } catch (error) {
        // Another request made the item between the look and the claim.
        if (error instanceof AppError && error.code === 'NOT_FOUND') {
          const made = await content.madeFromUpload(creator.userId, input.uploadId);
          if (made !== null) return send(made);
        }
        // A second click while the first is making the item: that one answers.
        if (error instanceof UploadBusyError) throw new AppError('CONFLICT', error.message, { cause: error });
        // Refused from its bytes, before any decoding: it does not count against her hour.
        if (error instanceof AppError && error.code === 'UNSUPPORTED_MEDIA_TYPE') {
          await deps.uploads.giveBack(creator.userId);
        }
        throw error;
      }
      return send(await content.create(creator.userId, details, staged, upload.fileName, upload.id));
    }
    const upload = await deps.uploads.receive(request, creator.userId, {
      dir: deps.stagingDir,
      maxBytes: MAX_UPLOAD_BYTES,
      tooLargeMessage: CONTENT_MESSAGES.fileTooLarge,
      missingFileMessage: CONTENT_MESSAGES.fillAllFields,
      accept: ['image', 'video'],
      checkFields: (fields) => content.checkUploadFields(fields),
    });
    const item = await content.create(creator.userId, upload.details, upload.file, upload.fileName);
    return reply.code(201).header('cache-control', 'no-store').send(studioContent.parse(item));
  });

  app.patch<{ Params: IdParams }>('/api/studio/contents/:id', async (request) => {
    const creator = await creatorOf(request);
    const changes = parseInput(contentUpdateInput, request.body);
    return studioContent.parse(await content.update(creator.userId, request.params.id, changes));
  });

  app.delete<{ Params: IdParams }>('/api/studio/contents/:id', async (request, reply) => {
    const creator = await creatorOf(request);
    await content.remove(creator.userId, request.params.id);
    return reply.code(204).send();
  });

  app.get<{ Params: IdParams }>('/api/contents/:id', async (request, reply) => {
    const detail = await content.detail(request.params.id, await viewerOf(request), (creatorId) =>
      creators.publicCreator(creatorId),
    );
    // What the answer holds depends on who asks, so it is never shared between people.
    reply.header('cache-control', 'private, no-store');
    return contentDetail.parse(detail);
  });

  app.get('/api/fan/unlocks', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    reply.header('cache-control', 'private, no-store');
    return fanUnlocks.parse(await content.fanUnlocks(account.id));
  });

  app.get<{ Params: IdParams }>('/api/contents/:id/preview', async (request, reply) => {
    const file = await content.previewFile(request.params.id, () => viewerOf(request));
    return sendStoredFile(request, reply, storage, file);
  });

  app.get<{ Params: IdParams & { variant: string } }>('/api/contents/:id/preview/:variant', async (request, reply) => {
    const file = await content.previewVariantFile(request.params.id, request.params.variant, () => viewerOf(request));
    return sendStoredFile(request, reply, storage, file);
  });

  app.get<{ Params: IdParams }>('/api/contents/:id/media', async (request, reply) => {
    const file = await content.mediaFile(request.params.id, await viewerOf(request), 'inline');
    return sendOriginalFile(request, reply, storage, file);
  });

  app.get<{ Params: IdParams }>('/api/contents/:id/download', async (request, reply) => {
    const file = await content.mediaFile(request.params.id, await viewerOf(request), 'download');
    return sendOriginalFile(request, reply, storage, file);
  });
}

/** A JSON body naming an upload; anything else is the multipart form (or refused as not one). */
function hasUploadId(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, 'uploadId');
}
