// POST /svc/link/preview: what a page says about itself, for the link post form.
import { useQuery } from '@tanstack/react-query';
import type { LinkPreview } from '../../shared/links/preview';
import { apiPost } from './client';

export const linkPreviewKeys = {
  preview: (url: string) => ['link-preview', url] as const,
};

/** The server keeps previews 5 minutes; asking again sooner would get the same answer. */
const PREVIEW_STALE_MS = 5 * 60_000;

export const fetchLinkPreview = (url: string) => apiPost<LinkPreview>('/svc/link/preview', { url });

/** The preview of `url`, or nothing while `url` is null. */
export function useLinkPreview(url: string | null) {
  return useQuery({
    queryKey: linkPreviewKeys.preview(url ?? ''),
    queryFn: () => fetchLinkPreview(url!),
    enabled: url !== null,
    staleTime: PREVIEW_STALE_MS,
    // A page that did not answer is shown as such; the person can still post the link.
    retry: false,
    refetchOnWindowFocus: false,
  });
}
