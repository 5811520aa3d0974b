import type { Dispatch } from 'react';
import { CTA_TEXTS } from '../../shared/posts/cta';
import type { CommonFields, ComposerAction } from './composer';
import styles from './PostForm.module.css';
import { Select } from '../ui/Select';

interface PostOptionsProps {
  common: CommonFields;
  dispatch: Dispatch<ComposerAction>;
}

/**
 * The options most posts leave alone, folded away: custom URL, date, source, permissions (photo
 * replies too), the audience (members only, NSFW) and the call to action.
 */
export function PostOptions({ common, dispatch }: PostOptionsProps) {
  const set = (patch: Extract<ComposerAction, { type: 'setOptions' }>['patch']) => dispatch({ type: 'setOptions', patch });
  return (
    <details className={styles.options}>
      <summary>Post options</summary>
      <div className={styles.optionGrid}>
        <label className={styles.option}>
          Custom URL
          <span className={styles.slug}>
            <span aria-hidden="true">/post/…/</span>
            <input className={styles.input} value={common.customUrl} onChange={(event) => set({ customUrl: event.currentTarget.value })} placeholder="my-post" />
          </span>
        </label>
        <label className={styles.option}>
          Post date
          <input
            className={styles.input}
            type="datetime-local"
            value={common.postDate}
            onChange={(event) => set({ postDate: event.currentTarget.value })}
          />
        </label>
        <label className={styles.option}>
          Content source
          <input
            className={styles.input}
            type="url"
            inputMode="url"
            value={common.sourceUrl}
            onChange={(event) => set({ sourceUrl: event.currentTarget.value })}
            placeholder="https://"
          />
        </label>
        <fieldset className={styles.checks}>
          <legend className="visually-hidden">Permissions</legend>
          <label>
            <input type="checkbox" checked={common.canBeLiked} onChange={(event) => set({ canBeLiked: event.currentTarget.checked })} /> Allow likes
          </label>
          <label>
            <input type="checkbox" checked={common.canBeReblogged} onChange={(event) => set({ canBeReblogged: event.currentTarget.checked })} /> Allow
            reblogs
          </label>
          <label>
            <input type="checkbox" checked={common.allowAnswers} onChange={(event) => set({ allowAnswers: event.currentTarget.checked })} /> Allow
            answers
          </label>
          <label>
            <input type="checkbox" checked={common.allowPhotoReplies} onChange={(event) => set({ allowPhotoReplies: event.currentTarget.checked })} />{' '}
            Allow photo replies
          </label>
        </fieldset>
        {/* Issue 26.3: who the post is for, and the author's own NSFW flag (safe mode covers it for others). */}
        <fieldset className={styles.checks}>
          <legend className="visually-hidden">Audience</legend>
          <label>
            <input type="checkbox" checked={common.membersOnly} onChange={(event) => set({ membersOnly: event.currentTarget.checked })} /> Members
            only
          </label>
          <label>
            <input type="checkbox" checked={common.ownerFlaggedNsfw} onChange={(event) => set({ ownerFlaggedNsfw: event.currentTarget.checked })} />{' '}
            Flag as NSFW
          </label>
        </fieldset>
        <fieldset className={styles.checks}>
          <legend className="visually-hidden">Call to action</legend>
          <label>
            <input type="checkbox" checked={common.enableCta} onChange={(event) => set({ enableCta: event.currentTarget.checked })} /> Show a
            call-to-action button
          </label>
        </fieldset>
        {common.enableCta && (
          <>
            <label className={styles.option}>
              Button text
              <Select block value={common.ctaTextCode} onChange={(event) => set({ ctaTextCode: Number(event.currentTarget.value) })}>
                {CTA_TEXTS.map((text, code) => (
                  <option key={text} value={code}>
                    {text}
                  </option>
                ))}
              </Select>
            </label>
            <label className={styles.option}>
              Button link
              <input
                className={styles.input}
                type="url"
                inputMode="url"
                value={common.ctaLinkUrl}
                onChange={(event) => set({ ctaLinkUrl: event.currentTarget.value })}
                placeholder="https://"
              />
            </label>
            <label className={styles.option}>
              Link for Android (optional)
              <input
                className={styles.input}
                type="url"
                inputMode="url"
                value={common.ctaAndroidLinkUrl}
                onChange={(event) => set({ ctaAndroidLinkUrl: event.currentTarget.value })}
                placeholder="https://"
              />
            </label>
          </>
        )}
      </div>
    </details>
  );
}
