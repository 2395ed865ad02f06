import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { discardStaged, type StagedFile, stageUpload, type StagingOptions } from './upload-staging.js';

const ONE_FILE_MESSAGE = 'Send exactly one file, in a part named "file", after the other fields.';

/** Room for the form's text fields and multipart boundaries on top of the file itself. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

export interface ReceivedUpload<Details> {
  details: Details;
  file: StagedFile;
  /** The name the browser gave the file; only ever used, sanitised, inside a storage key. */
  fileName: string;
}

export interface UploadFormOptions<Details> extends StagingOptions {
  /** Checks the text fields that came before the file; throws to refuse before storing anything. */
  checkFields: (fields: Record<string, string>) => Details;
}

/**
 * Reads a multipart form whose text fields come first and whose one `file` part comes last,
 * streaming the file to the staging folder. A request announcing more than the limit is
 * refused before its body is read.
 */
export async function receiveUploadForm<Details>(
  request: FastifyRequest,
  options: UploadFormOptions<Details>,
): Promise<ReceivedUpload<Details>> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send the upload as multipart/form-data with a "file" part.');
  }
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > options.maxBytes + FORM_OVERHEAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
  }

  const fields: Record<string, string> = {};
  let received: ReceivedUpload<Details> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname))
          fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received !== undefined) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', ONE_FILE_MESSAGE);
      }
      const details = options.checkFields(fields);
      const file = await stageUpload(part.file, options);
      received = { details, file, fileName: part.filename };
    }
  } catch (error) {
    await discardStaged(received?.file.path);
    // The parser's one-file limit trips on a second file before the loop above sees it: that
    // is a malformed form, not a request that is too large.
    if ((error as { code?: unknown } | null)?.code === 'FST_FILES_LIMIT') {
      throw new AppError('BAD_REQUEST', ONE_FILE_MESSAGE, { cause: error });
    }
    throw error;
  }
  if (received === undefined) {
    options.checkFields(fields);
    throw new AppError('VALIDATION_FAILED', options.missingFileMessage, {
      fields: { file: options.missingFileMessage },
    });
  }
  return received;
}
