import { CONTENT_MESSAGES, fileTooLargeMessage, MAX_UPLOAD_BYTES, RESUMABLE_UPLOADS_PATH } from '@kholo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { requireAccount, type Sessions } from '../accounts/index.js';
import type { CreatorsService } from '../creators/index.js';
import {
  MAX_OPEN_UPLOADS_PER_CREATOR,
  type ResumableUpload,
  type ResumableUploads,
  UPLOAD_NOT_FOUND,
  type UploadAllowance,
  UploadBusyError,
} from '../media/index.js';

const TUS_VERSION = '1.0.0';
const OFFSET_STREAM = 'application/offset+octet-stream';

interface IdParams {
  id: string;
}

/**
 * The tus 1.0.0 endpoint (core, creation, termination; ADR 028) for the Upload tab: a file sent
 * in chunks that survives a dropped connection and a reload. Only the bytes come this way; the
 * item is made from a finished upload by POST /api/studio/contents (content-routes.ts), with the
 * same checks as the multipart form.
 */
export function resumableUploadRoutes(
  app: FastifyInstance,
  deps: { creators: CreatorsService; sessions: Sessions; uploads: ResumableUploads; allowance: UploadAllowance },
): void {
  const { creators, sessions, uploads, allowance } = deps;

  async function activeCreatorId(request: FastifyRequest): Promise<string> {
    return (await creators.requireActiveCreator(await requireAccount(sessions, request))).userId;
  }

  /** Her upload, or the same 404 for a missing one and someone else's. */
  async function ownUpload(request: FastifyRequest<{ Params: IdParams }>, creatorId: string): Promise<ResumableUpload> {
    const upload = await uploads.find(request.params.id, creatorId);
    if (upload === null) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
    return upload;
  }

  app.register(async (scope) => {
    // PATCH bodies are the file's bytes, read by the route as a stream; nothing else parses them.
    scope.addContentTypeParser(OFFSET_STREAM, (_request, _payload, done) => {
      done(null);
    });

    scope.addHook('onRequest', async (request, reply) => {
      reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');
      if (request.method === 'OPTIONS') return;
      if (request.headers['tus-resumable'] !== TUS_VERSION) {
        return reply
          .code(412)
          .header('tus-version', TUS_VERSION)
          .send({ error: { code: 'BAD_REQUEST', message: `Send Tus-Resumable: ${TUS_VERSION}.` } });
      }
      return undefined;
    });

    scope.options(RESUMABLE_UPLOADS_PATH, async (_request, reply) =>
      reply
        .code(204)
        .header('tus-version', TUS_VERSION)
        .header('tus-extension', 'creation,termination')
        .header('tus-max-size', String(MAX_UPLOAD_BYTES))
        .send(),
    );

    scope.post(RESUMABLE_UPLOADS_PATH, async (request, reply) => {
      // Refused before anything is stored: who she is, then the declared size and type.
      const creatorId = await activeCreatorId(request);
      const length = Number(request.headers['upload-length']);
      if (request.headers['upload-length'] === undefined || !Number.isSafeInteger(length) || length < 0) {
        throw new AppError(
          'BAD_REQUEST',
          'Send the file size in Upload-Length (Upload-Defer-Length is not supported).',
        );
      }
      const metadata = parseMetadata(request.headers['upload-metadata']);
      const fileType = metadata.get('filetype') ?? '';
      const kind = fileType.startsWith('image/') ? 'image' : fileType.startsWith('video/') ? 'video' : null;
      if (length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(length, kind));
      if (length === 0) {
        throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.fillAllFields, {
          fields: { file: CONTENT_MESSAGES.fillAllFields },
        });
      }
      // The browser's type is only a first look (the bytes decide when the item is made), but a
      // PDF or a page need not be sent at all. No type (some phones' HEIC) waits for the bytes.
      if (kind === null && fileType !== '' && fileType !== 'application/octet-stream') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', CONTENT_MESSAGES.onlyImageOrVideo);
      }
      // Each open upload holds disk for a day: a few at once, not one per creation allowed.
      const open = await uploads.countOpen(creatorId);
      if (open >= MAX_OPEN_UPLOADS_PER_CREATOR) {
        throw new AppError('CONFLICT', `You have ${open} unfinished uploads; finish or cancel one first.`);
      }
      const counted = await allowance.take(creatorId);
      try {
        const upload = await uploads.create({
          creatorId,
          length,
          fileName: metadata.get('filename') ?? '',
          fileType,
          counted,
        });
        return await reply
          .code(201)
          .header('location', `${RESUMABLE_UPLOADS_PATH}/${upload.id}`)
          .header('upload-offset', '0')
          .send();
      } catch (error) {
        if (counted) await allowance.giveBack(creatorId);
        throw error;
      }
    });

    scope.head<{ Params: IdParams }>(`${RESUMABLE_UPLOADS_PATH}/:id`, async (request, reply) => {
      const upload = await ownUpload(request, await activeCreatorId(request));
      return reply
        .code(200)
        .header('upload-offset', String(upload.offset))
        .header('upload-length', String(upload.length))
        .send();
    });

    scope.patch<{ Params: IdParams }>(`${RESUMABLE_UPLOADS_PATH}/:id`, async (request, reply) => {
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (contentType !== OFFSET_STREAM) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the bytes as ${OFFSET_STREAM}.`);
      }
      const upload = await ownUpload(request, await activeCreatorId(request));
      const offset = Number(request.headers['upload-offset']);
      if (request.headers['upload-offset'] === undefined || !Number.isSafeInteger(offset) || offset < 0) {
        throw new AppError('BAD_REQUEST', 'Send the offset to write at in Upload-Offset.');
      }
      if (offset !== upload.offset) {
        throw new AppError('CONFLICT', `Upload-Offset ${offset} does not match the ${upload.offset} bytes stored.`);
      }
      const announced = Number(request.headers['content-length']);
      if (Number.isFinite(announced) && offset + announced > upload.length) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'This request sends more bytes than the upload declared.');
      }
      try {
        const newOffset = await uploads.append(upload, offset, request.raw);
        return await reply.code(204).header('upload-offset', String(newOffset)).send();
      } catch (error) {
        if (error instanceof UploadBusyError) return busy(reply, error);
        throw error;
      }
    });

    scope.delete<{ Params: IdParams }>(`${RESUMABLE_UPLOADS_PATH}/:id`, async (request, reply) => {
      // A suspended creator may still cancel what she started.
      const account = await creators.requireCreator(await requireAccount(sessions, request));
      const upload = await ownUpload(request, account.userId);
      // Cancelled before anything was decoded: it does not count against her hour. Only the
      // request that removed the bytes gives it back, and only if it was counted this hour: a
      // DELETE racing the POST that makes the item (or a second DELETE) gives nothing back.
      let removed;
      try {
        removed = await uploads.remove(upload);
      } catch (error) {
        if (error instanceof UploadBusyError) return busy(reply, error);
        throw error;
      }
      if (removed && upload.counted) await allowance.giveBack(account.userId, upload.createdAt);
      return reply.code(204).send();
    });
  });
}

/** 423, which tus clients retry by themselves: another request is still writing this upload. */
function busy(reply: FastifyReply, error: UploadBusyError) {
  return reply.code(423).send({ error: { code: 'CONFLICT', message: error.message } });
}

/** Upload-Metadata: `key base64value` pairs separated by commas (tus 1.0.0 creation). */
export function parseMetadata(header: string | string[] | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  if (typeof header !== 'string') return pairs;
  for (const pair of header.split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key === undefined || key === '') continue;
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    // Names and types are short; anything longer is not what a browser sends.
    if (decoded.length <= 500) pairs.set(key, decoded);
  }
  return pairs;
}
