import fs from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { BLOG_FONTS, fontSlug } from '../../shared/blog-fonts';
import { endpoint } from '../http/endpoint';
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
export const fontEndpoints = [
  endpoint({
    method: 'GET',
    path: '/fonts/:slug/:file',
    area: 'blogs',
    summary: "A blog title font's file (latin-400.woff2, latin-700.woff2) or its LICENSE.",
    access: 'anyone',
    // Any other name is no font file: a 404, as for a font not in the table.
    params: z.object({ slug: z.string(), file: z.string() }),
    answer: { raw: 'file', description: 'The font (font/woff2) or its licence (text/plain).' },
    errors: [ErrorCode.notFound],
    handle: async ({ reply, params: { slug, file } }) => {
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
    },
  }),
];
