// Answer schema of link previews (POST /svc/link/preview), checked against the type the client reads.
import { z } from 'zod';
import type { EmbedRenderContext, LinkPreview } from '../links/preview';

const text = z.string();

const embedRenderContextSchema: z.ZodType<EmbedRenderContext> = z.object({ provider: text, width: z.number(), height: z.number() });

export const linkPreviewSchema: z.ZodType<LinkPreview> = z.object({
  url: text,
  title: text.nullable(),
  description: text.nullable(),
  author: text.nullable(),
  site_name: text.nullable(),
  thumbnail: text.nullable(),
  unsupported: z.boolean(),
  embed_render_context: embedRenderContextSchema.nullable(),
  preview_iframe: text.nullable(),
  embed_code: text.nullable(),
});
