// Reads a multipart upload to a temporary file as it arrives: never the whole file in memory, a
// sha256 computed on the way, and the size limit of the file's kind enforced byte by byte, so an
// oversized or unsupported file is refused as soon as it shows, not after it has all come in.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { MediaConfig } from '../config';
import type { MediaKind } from '../db/tables/media';
import { AppError, ErrorCode } from '../http/errors';
import { fileTooBig, formatOf, MEDIA_KINDS, maxBytesFor, noFfmpeg, noFile, unsupportedFile, type MediaFormat } from './formats';

/** Enough of the start of a file for file-type to name every format we take. */
const HEAD_BYTES = 4100;

export const FILE_FIELDS = ['photo', 'file', 'audio', 'video'] as const;

export interface ReceivedFile {
  /** The temporary file; the caller moves it into storage or removes it. */
  file: string;
  sha256: string;
  bytes: number;
  format: MediaFormat;
  /** The form field the file came in (errors name it). */
  field: string;
}

export interface ReceiveOptions {
  tempDir: string;
  limits: MediaConfig;
  /** False when ffmpeg is missing: a video is refused from its first bytes. */
  videoEnabled: boolean;
}

/** Spec 1 §9: the default media type is image. A field named audio or video words the errors for that kind. */
const expectedKind = (field: string, hint: MediaKind | null): MediaKind =>
  hint ?? (field === 'audio' || field === 'video' ? field : 'image');

function parseHint(value: unknown): MediaKind | null {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!text) return null;
  if (!(MEDIA_KINDS as readonly string[]).includes(text)) {
    throw new AppError(400, ErrorCode.invalidInput, 'The type field must be image, audio or video.', [
      { code: ErrorCode.invalidInput, title: 'The type field must be image, audio or video.', field: 'type' },
    ]);
  }
  return text as MediaKind;
}

/**
 * Counts, hashes and sniffs the bytes on their way to disk. The kind (and so the size limit) is
 * decided from the first HEAD_BYTES; until then the bytes are held back, which is at most 4 KB.
 */
class Intake extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  format: MediaFormat | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;
  private limit = Infinity;

  constructor(private readonly decide: (head: Buffer) => Promise<{ format: MediaFormat; limit: number }>, private readonly field: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.format) return this.pass(chunk, done);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < HEAD_BYTES) return done();
    this.settle().then(() => this.pass(Buffer.concat(this.head.splice(0)), done), done);
  }

  override _flush(done: TransformCallback) {
    if (this.format) return done();
    if (this.bytes === 0) return done(noFile());
    this.settle().then(() => this.pass(Buffer.concat(this.head.splice(0)), done), done);
  }

  private async settle() {
    const { format, limit } = await this.decide(Buffer.concat(this.head));
    this.format = format;
    this.limit = limit;
  }

  private pass(chunk: Buffer, done: TransformCallback) {
    if (this.bytes > this.limit) return done(fileTooBig(this.field));
    done(null, chunk);
  }
}

async function receiveStream(stream: Readable, field: string, hint: MediaKind | null, options: ReceiveOptions): Promise<ReceivedFile> {
  const decide = async (head: Buffer) => {
    const format = formatOf((await fileTypeFromBuffer(head))?.ext);
    if (!format) throw unsupportedFile(expectedKind(field, hint), field);
    if (hint && format.kind !== hint) throw unsupportedFile(hint, field);
    if (format.kind === 'video' && !options.videoEnabled) throw noFfmpeg(field);
    return { format, limit: maxBytesFor(format.kind, options.limits) };
  };
  await fs.mkdir(options.tempDir, { recursive: true });
  const file = path.join(options.tempDir, `${randomUUID()}.part`);
  const intake = new Intake(decide, field);
  const out = createWriteStream(file);
  try {
    await pipeline(stream, intake, out);
    // The whole file, not only its head, must still be what the head said.
    const whole = formatOf((await fileTypeFromFile(file))?.ext);
    if (!whole || whole.kind !== intake.format!.kind) throw unsupportedFile(expectedKind(field, hint), field);
    return { file, sha256: intake.hash.digest('hex'), bytes: intake.bytes, format: whole, field };
  } catch (error) {
    // A refused stream can fail before its file was even opened: the file appears when the open
    // completes, so wait for the stream to close before removing it.
    if (!out.closed) await once(out, 'close').catch(() => {});
    await fs.rm(file, { force: true });
    throw error;
  }
}

/** Multipart errors in words a person can act on. */
function fromMultipart(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError(400, ErrorCode.invalidInput, 'Send one file per upload.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(400, ErrorCode.invalidInput, 'This upload has more form fields than an upload takes.');
  }
  if (code === 'FST_MP_PREMATURE_CLOSE' || (error instanceof Error && /Unexpected end of (multipart data|form)/.test(error.message))) {
    return new AppError(400, ErrorCode.invalidInput, 'The upload ended before the whole file arrived. Try again.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || (error instanceof Error && /boundary/i.test(error.message))) {
    return new AppError(415, ErrorCode.unsupportedMediaType, 'Send the file as multipart/form-data.');
  }
  return error;
}

/** @fastify/multipart reads throwFileSizeLimit from parts()'s options too; its types name it for file() and files() only. */
type PartsOptions = Parameters<FastifyRequest['parts']>[0] & { throwFileSizeLimit: boolean };

/**
 * The one file of an upload request, on disk, checked. Fields may come before or after the file;
 * a `type` hint that comes first is checked against the first bytes, one that comes last after.
 */
export async function receiveUpload(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMediaType, 'Send the file as multipart/form-data.');
  const { limits } = options;
  let hint: MediaKind | null = null;
  let received: ReceivedFile | null = null;
  try {
    const partsOptions: PartsOptions = {
      // Each kind's own limit is enforced by Intake, with its own message; this is only the outer
      // bound, past which the stream just ends (the multipart scope's default is to throw, as
      // image messages want).
      throwFileSizeLimit: false,
      limits: { fileSize: Math.max(limits.maxImageBytes, limits.maxAudioBytes, limits.maxVideoBytes) + 1, files: 1, fields: 8, parts: 9, fieldSize: 1000 },
    };
    const parts = request.parts(partsOptions);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'type') hint = parseHint(part.value);
        continue;
      }
      if (!(FILE_FIELDS as readonly string[]).includes(part.fieldname)) {
        part.file.resume();
        throw new AppError(400, ErrorCode.invalidInput, 'Send the file in a form field named photo, file, audio or video.', [
          { code: ErrorCode.invalidInput, title: 'Send the file in a form field named photo, file, audio or video.', field: part.fieldname },
        ]);
      }
      received = await receiveStream(part.file, part.fieldname, hint, options);
    }
  } catch (error) {
    if (received) await fs.rm(received.file, { force: true });
    throw fromMultipart(error);
  }
  if (!received) throw noFile();
  if (hint && received.format.kind !== hint) {
    await fs.rm(received.file, { force: true });
    throw unsupportedFile(hint, received.field);
  }
  return received;
}

/** Counts and hashes bytes on their way to disk, and stops them past a limit. */
class Tally extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;

  constructor(private readonly maxBytes: number, private readonly tooBig: () => Error) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(this.tooBig());
    this.hash.update(chunk);
    done(null, chunk);
  }
}

/**
 * One uploaded file's stream to a temporary file, hashed and counted on the way: never the whole
 * file in memory, and refused with `tooBig()` the moment it passes `maxBytes`. The caller removes
 * the file; on a refusal it is already gone.
 */
export async function streamToTemp(stream: Readable, tempDir: string, maxBytes: number, tooBig: () => Error): Promise<{ file: string; sha256: string; bytes: number }> {
  await fs.mkdir(tempDir, { recursive: true });
  const file = path.join(tempDir, `${randomUUID()}.part`);
  const tally = new Tally(maxBytes, tooBig);
  const out = createWriteStream(file);
  try {
    await pipeline(stream, tally, out);
    return { file, sha256: tally.hash.digest('hex'), bytes: tally.bytes };
  } catch (error) {
    if (!out.closed) await once(out, 'close').catch(() => {});
    await fs.rm(file, { force: true });
    throw error;
  }
}
