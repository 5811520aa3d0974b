import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import styles from './players.module.css';
import { loadVideoData, previewableUrl, videoDataKeys } from './video-data';

/** Typing settles for this long before an address is looked up. */
const SETTLE_MS = 400;

/** The post form's video preview: the still of a video URL or an uploaded file (spec 1 §7). */
export function VideoPreview({ source }: { source: string }) {
  const [url, setUrl] = useState(() => previewableUrl(source));
  useEffect(() => {
    const timer = setTimeout(() => setUrl(previewableUrl(source)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [source]);
  const data = useQuery({ queryKey: videoDataKeys.of(url), queryFn: () => loadVideoData(url), enabled: Boolean(url), staleTime: Infinity, retry: false });
  if (!url) return null;
  if (data.isPending) return <div className={styles.preview} aria-busy="true" aria-label="Loading the video preview" />;
  if (data.error) {
    return (
      <p className={styles.previewError} role="alert">
        {data.error.message}
      </p>
    );
  }
  if (!data.data.thumbnail) return null;
  return (
    <figure className={styles.preview}>
      <img src={data.data.thumbnail} alt="Video preview" width={data.data.embed_width} height={data.data.embed_height} />
    </figure>
  );
}
