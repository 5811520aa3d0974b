import { z } from 'zod';
import { gifSearchResultSchema } from '../../shared/answers/search';
import { GIF_SEARCH } from '../../shared/search/gif';
import { endpoint } from '../http/endpoint';
import { searchGifs } from './gif-service';

export const GIF_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${GIF_SEARCH.maxLimit}.`;

// Forms send every field as text, JSON may send numbers: both are read the same way.
const limit = z
  .union([z.number(), z.string().trim().regex(/^-?\d+$/, GIF_LIMIT_MESSAGE).transform(Number)], { error: GIF_LIMIT_MESSAGE })
  .pipe(z.number().int(GIF_LIMIT_MESSAGE).min(1, GIF_LIMIT_MESSAGE).max(GIF_SEARCH.maxLimit, GIF_LIMIT_MESSAGE))
  .optional();

const gifSearchSchema = z.object({
  q: z
    .union([z.string(), z.number().transform(String)], { error: 'q must be the words to search for, as text.' })
    .pipe(z.string().max(GIF_SEARCH.maxQueryLength, `Keep the search to ${GIF_SEARCH.maxQueryLength} characters or fewer.`))
    .optional(),
  limit,
  context: z.string({ error: 'context must be text.' }).max(100, 'Keep context to 100 characters or fewer.').optional(),
});

export const gifSearchEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/search/inline_gif',
    area: 'search',
    // Spec 1 §7: q, limit, optional context; the popover reads media and message.
    summary: "GIFs people posted whose tags, captions or blog name hold the words, best first (spec 1 §7's GIF search).",
    access: 'user',
    body: gifSearchSchema,
    answer: gifSearchResultSchema,
    handle: ({ ctx, viewer, body }) =>
      searchGifs(ctx, viewer, { q: body.q ?? '', limit: body.limit ?? GIF_SEARCH.defaultLimit, context: body.context ?? null }),
  }),
];
