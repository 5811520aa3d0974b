/** An uploaded file a post shows, by the sha256 every rendition's name carries (media/access.ts). */
export interface PostMediaTable {
  post_id: string;
  sha256: string;
}
