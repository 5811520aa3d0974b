import type { PostType } from '../../shared/constants';

export const POST_TYPE_LABELS: Record<PostType, string> = {
  text: 'Text', photo: 'Photo', quote: 'Quote', link: 'Link', chat: 'Chat', audio: 'Audio', video: 'Video',
};

export const POST_TYPE_COLORS: Record<PostType, string> = {
  text: '#ffffff', photo: '#ff492f', quote: '#ff8a00', link: '#00cf35', chat: '#00b8ff', audio: '#7c5cff', video: '#ff62ce',
};

const PATHS: Record<PostType, string> = {
  text: 'M5 5h14v3h-2V7h-4v10h2v2H9v-2h2V7H7v1H5z',
  photo: 'M4 7h3l2-2h6l2 2h3v12H4zm8 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0-2a2 2 0 1 1 0-4 2 2 0 0 1 0 4z',
  quote: 'M6 17h3l2-4V7H5v6h3zm8 0h3l2-4V7h-6v6h3z',
  link: 'M10.6 13.4a1 1 0 0 0 1.4 0l4-4a3 3 0 0 0-4.2-4.2l-1.5 1.5 1.4 1.4 1.5-1.5a1 1 0 0 1 1.4 1.4l-4 4a1 1 0 0 0 0 1.4zm2.8-2.8a1 1 0 0 0-1.4 0l-4 4a3 3 0 0 0 4.2 4.2l1.5-1.5-1.4-1.4-1.5 1.5a1 1 0 0 1-1.4-1.4l4-4a1 1 0 0 0 0-1.4z',
  chat: 'M4 5h16v11H9l-5 4zm3 4v2h10V9zm0 3v2h7v-2z',
  audio: 'M12 4a8 8 0 0 0-8 8v6a2 2 0 0 0 2 2h2v-7H6v-1a6 6 0 0 1 12 0v1h-2v7h2a2 2 0 0 0 2-2v-6a8 8 0 0 0-8-8z',
  video: 'M4 7h11v10H4zm12 3 4-3v10l-4-3z',
};

export function PostTypeIcon({ type, size = 28 }: { type: PostType; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" fillRule="evenodd" d={PATHS[type]} />
    </svg>
  );
}
