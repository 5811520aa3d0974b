// Image messages (spec 2 §5 Image upload): a multipart send with the file under `data`. The bytes
// decide the type (never the name or the declared type), then the media pipeline makes the sizes
// (pixel limits, EXIF stripped, alt sizes down to 250 px and the 75 px square). A refusal stores
// nothing: the pipeline writes no file before every size is made.
import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { MessageImageView } from '../../shared/messaging/api';
import { MESSAGE_IMAGE_TEXTS } from '../../shared/messaging/errors';
import type { AppContext } from '../context';
import { AppError, ErrorCode } from '../http/errors';
import { imageLimits, processImage } from '../media/images';
import { streamToTemp } from '../media/receive';

/** Formats an image message may be: what the pipeline keeps as they are. */
const IMAGE_EXTS = new Set(['jpg', 'png', 'gif', 'webp']);
/** Enough form fields for a send; anything more is not a message. */
const MAX_FIELDS = 16;

/** An image message's file, on disk while the message is sent (the caller removes it: `discardUpload`). */
export interface ImageUpload {
  file: string;
  sha256: string;
  bytes: number;
}

export const discardUpload = (upload: ImageUpload | null) => (upload ? fs.rm(upload.file, { force: true }) : Promise.resolve());

const imageError = (status: number, message: string) =>
  new AppError(status, ErrorCode.invalidInput, message, [{ code: ErrorCode.invalidInput, title: message, field: 'data' }]);

export const invalidImageType = () => imageError(400, MESSAGE_IMAGE_TEXTS.invalidType);

/**
 * The fields and the one file of a multipart send. The file streams to a temporary file under
 * `tempDir` (the media pipeline's, as post uploads do), hashed on the way, and is refused the
 * moment it passes the message image limit (10 MB by default).
 */
export async function readMultipartSend(request: FastifyRequest, limitBytes: number, tempDir: string): Promise<{ fields: Record<string, unknown>; upload: ImageUpload | null }> {
  const fields: Record<string, unknown> = {};
  let upload: ImageUpload | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: limitBytes + 1, files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1, fieldSize: 5000 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // participants[] may repeat; every other field keeps its first value.
        if (part.fieldname === 'participants[]') fields[part.fieldname] = [...((fields[part.fieldname] as string[] | undefined) ?? []), value];
        else if (!(part.fieldname in fields)) fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== 'data') {
        part.file.resume();
        throw imageError(400, 'Send the image in a form field named data.');
      }
      const stored = await streamToTemp(part.file, tempDir, limitBytes, () => imageError(413, MESSAGE_IMAGE_TEXTS.tooBig(limitBytes)));
      upload = stored;
      if (part.file.truncated) throw imageError(413, MESSAGE_IMAGE_TEXTS.tooBig(limitBytes));
      if (stored.bytes === 0) throw imageError(400, MESSAGE_IMAGE_TEXTS.broken);
    }
  } catch (error) {
    await discardUpload(upload);
    throw fromMultipart(error, limitBytes);
  }
  return { fields, upload };
}

function fromMultipart(error: unknown, limitBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return imageError(413, MESSAGE_IMAGE_TEXTS.tooBig(limitBytes));
  if (code === 'FST_FILES_LIMIT') return imageError(400, 'Send one image per message.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(400, ErrorCode.invalidInput, 'This message has more form fields than a message takes.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || (error instanceof Error && /boundary|Unexpected end/i.test(error.message))) {
    return new AppError(400, ErrorCode.invalidInput, 'The message ended before the whole image arrived. Try again.');
  }
  return error;
}

/** The image JSON of a message from the pipeline's sizes (largest first). */
function imageView(sizes: { url: string; width: number; height: number }[], main: { url: string; width: number; height: number }): MessageImageView {
  const size = ({ url, width, height }: { url: string; width: number; height: number }) => ({ url, width, height });
  return { original_size: size(main), alt_sizes: sizes.map(size) };
}

/** Checks an uploaded image by its bytes and makes its sizes: its JSON and the sha256 that names its files. */
export async function processMessageImage(ctx: AppContext, upload: ImageUpload): Promise<{ image: MessageImageView; sha256: string }> {
  const type = await fileTypeFromFile(upload.file);
  if (!type || !IMAGE_EXTS.has(type.ext)) throw invalidImageType();
  try {
    const result = await processImage(ctx.media, upload.file, upload.sha256, { ...imageLimits(ctx.config.media), field: 'data' });
    return { image: imageView(result.sizes, result.main), sha256: upload.sha256 };
  } catch (error) {
    // Too busy is a wait, not a bad file: it keeps its own 503.
    if (error instanceof AppError && error.status === 503) throw error;
    throw imageError(400, MESSAGE_IMAGE_TEXTS.broken);
  }
}
