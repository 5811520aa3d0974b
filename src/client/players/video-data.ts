// The post form's video preview reads POST /svc/post/get_video_data; without a thumbnail yet (an
// upload still converting, spec 1 §7) it asks once more after 2000 ms.
import { VIDEO_DATA_RETRY_MS, type VideoDataAnswer } from '../../shared/players/constants';
import { apiPost } from '../api/client';

export const videoDataKeys = {
  of: (url: string) => ['video-data', url] as const,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function loadVideoData(url: string, wait: (ms: number) => Promise<void> = sleep): Promise<VideoDataAnswer> {
  const ask = () => apiPost<VideoDataAnswer>('/svc/post/get_video_data', { url });
  const first = await ask();
  if (first.thumbnail) return first;
  await wait(VIDEO_DATA_RETRY_MS);
  return ask();
}

/** Only a whole web address is worth asking about (not every keystroke of embed code). */
export const previewableUrl = (text: string) => {
  const trimmed = text.trim();
  return /^https?:\/\/[^\s<>"]+\.[^\s<>"]+$/i.test(trimmed) || trimmed.startsWith('/media/') ? trimmed : '';
};
