// An uploaded video converts on the server after the upload answers "processing": the form asks
// POST /svc/post/get_video_data until the conversion is ready or has failed, however long it
// takes, more slowly as it goes on. (The preview's one retry after 2 s is the spec's and stays.)
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VideoDataAnswer } from '../../shared/players/constants';
import { apiPost } from '../api/client';
import { videoDataKeys } from '../players/video-data';
import { VIDEO_CONVERSION_FAILED } from './form-uploads';

/** The first wait, and the longest: a short clip is ready in seconds, a long one takes minutes. */
const FIRST_ASK_MS = 2000;
const LONGEST_WAIT_MS = 10_000;

/** The wait after `asked` asks: 2 s after the first, growing by half each time, at most 10 s. */
export const conversionPollDelay = (asked: number) => Math.min(FIRST_ASK_MS * 1.5 ** Math.max(0, asked - 1), LONGEST_WAIT_MS);

export const videoConversionKey = (url: string) => ['video-conversion', url] as const;

export interface VideoConversion {
  state: 'processing' | 'ready' | 'failed' | null;
  /** With 'failed': why, to show the person. */
  error: string | null;
}

/**
 * Follows the conversion of the uploaded video at `url` while `following`, and calls `onSettled`
 * once it is ready or has failed. A failed ask (the network) is asked again at the next turn.
 */
export function useVideoConversion(url: string, following: boolean, onSettled: (state: 'ready' | 'failed') => void): VideoConversion {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: videoConversionKey(url),
    queryFn: () => apiPost<VideoDataAnswer>('/svc/post/get_video_data', { url }),
    enabled: following && url !== '',
    retry: false,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.state === 'ready' || q.state.data?.state === 'failed' ? false : conversionPollDelay(q.state.dataUpdateCount + q.state.errorUpdateCount)),
    refetchIntervalInBackground: true,
  });
  const state = query.data?.state ?? null;
  useEffect(() => {
    if (!following || (state !== 'ready' && state !== 'failed')) return;
    // The preview asked while there was no still yet: now there is one.
    if (state === 'ready') void queryClient.invalidateQueries({ queryKey: videoDataKeys.of(url) });
    onSettled(state);
  }, [following, state, url, queryClient, onSettled]);
  return { state, error: state === 'failed' ? query.data?.error || VIDEO_CONVERSION_FAILED : null };
}
