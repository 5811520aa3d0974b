import { POST_MESSAGES } from '../../../shared/posts/messages';
import { isHttpUrl } from '../../../shared/posts/urls';
import { invalidField } from '../../http/errors';
import { flagField, textField } from '../../http/fields';
import { embedUrlFor } from '../embeds';
import { fieldHtml, playerHtml } from '../html';
import { firstWords, type BuildContext, type ContentInput, type ContentOf, type PostTypeModule } from '../post-type';
import { htmlToPlainText } from '../sanitize';
import type { AudioUpload } from '../uploads';

const tag = (input: ContentInput, key: string) => htmlToPlainText(textField(input.raw, `id3_tags[${key}]`)).slice(0, 300);

/**
 * An audio post of an uploaded file: the tags the person typed win over the file's own, and the
 * art is the one chosen (album_art), else the file's, unless removed.
 */
function uploadedAudio(upload: AudioUpload, input: ContentInput, { editorType, ownHost }: BuildContext): ContentOf<'audio'> {
  const chosenArt = textField(input.raw, 'album_art').trim();
  const art = flagField(input.raw, 'remove_album_art')
    ? null
    : chosenArt && (isHttpUrl(chosenArt) || chosenArt.startsWith('/media/'))
      ? chosenArt
      : upload.album_art;
  return {
    type: 'audio',
    url: upload.url,
    caption_html: fieldHtml(input.two, input.richText.two, editorType, ownHost),
    track_title: tag(input, 'title') || upload.track_title,
    track_artist: tag(input, 'artist') || upload.track_artist,
    track_album: tag(input, 'album') || upload.track_album,
    album_art: art,
    embed_html: null,
    media_id: upload.media_id,
    duration: upload.duration,
  };
}

export const audio: PostTypeModule<'audio'> = {
  type: 'audio',
  build(input, ctx) {
    if (ctx.uploads.audio) return uploadedAudio(ctx.uploads.audio, input, ctx);
    const url = input.one.trim();
    if (!url) throw invalidField('post[one]', POST_MESSAGES.noAudio);
    if (!isHttpUrl(url)) throw invalidField('post[one]', POST_MESSAGES.invalidUrl);
    const embed = embedUrlFor(url);
    return {
      type: 'audio',
      url,
      caption_html: fieldHtml(input.two, input.richText.two, ctx.editorType, ctx.ownHost),
      track_title: tag(input, 'title'),
      track_artist: tag(input, 'artist'),
      track_album: tag(input, 'album'),
      album_art: null,
      embed_html: embed ? playerHtml(embed, 152, ctx.ownHost) : null,
    };
  },
  // "Title – Artist", as a player shows a track; the caption when the track has no tags.
  summary: (content) =>
    firstWords([content.track_title, content.track_artist].filter(Boolean).join(' – '), () => htmlToPlainText(content.caption_html)),
  authored: (content) => [htmlToPlainText(content.caption_html)],
  picture: (content) => content.album_art,
};
