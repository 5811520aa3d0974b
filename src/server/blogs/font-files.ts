import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { BLOG_FONTS, fontSlug } from '../../shared/blog-fonts';
import { AppError, ErrorCode } from '../http/errors';

const require = createRequire(import.meta.url);
const SLUGS = new Set(BLOG_FONTS.map(fontSlug));
const FILES: Record<string, { name: (slug: string) => string; type: string }> = {
  'latin-400.woff2': { name: (slug) => `files/${slug}-latin-400-normal.woff2`, type: 'font/woff2' },
  'latin-700.woff2': { name: (slug) => `files/${slug}-latin-700-normal.woff2`, type: 'font/woff2' },
  LICENSE: { name: () => 'LICENSE', type: 'text/plain; charset=utf-8' },
};

const noSuchFont = () => new AppError(404, ErrorCode.notFound, 'There is no such font file.');

/**
 * The blog title fonts (shared/blog-fonts.ts), served from their npm packages, with each font's
 * licence. Only the table's fonts and these three files: the path never reaches the file system
 * unchecked. The addresses carry the package version, so they are cached for a year.
 */
export function fontRoutes(app: FastifyInstance) {
  app.get<{ Params: { slug: string; file: string } }>('/fonts/:slug/:file', async (request, reply) => {
    const { slug, file } = request.params;
    const kind = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
    if (!SLUGS.has(slug) || !kind) throw noSuchFont();
    let path: string;
    try {
      path = require.resolve(`@fontsource/${slug}/${kind.name(slug)}`);
    } catch {
      throw noSuchFont();
    }
    // A font without a bold file: the table says so, and the client never asks; a guess is a 404.
    if (!fs.existsSync(path)) throw noSuchFont();
    reply.header('cache-control', 'public, max-age=31536000, immutable').type(kind.type);
    return reply.send(fs.createReadStream(path));
  });
}
