import type { Dispatch } from 'react';
import { CTA_TEXTS } from '../../shared/posts/cta';
import type { CommonFields, ComposerAction } from './composer';
import styles from './PostForm.module.css';
import { Select } from '../ui/Select';

/** The options that are a checkbox each. */
type CheckedOption = 'canBeLiked' | 'canBeReblogged' | 'allowAnswers' | 'allowPhotoReplies' | 'membersOnly' | 'ownerFlaggedNsfw' | 'enableCta';

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
  const check = (field: CheckedOption, label: string) => (
    <label>
      <input type="checkbox" checked={common[field]} onChange={(event) => set({ [field]: event.currentTarget.checked })} /> {label}
    </label>
  );
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
          {check('canBeLiked', 'Allow likes')}
          {check('canBeReblogged', 'Allow reblogs')}
          {check('allowAnswers', 'Allow answers')}
          {check('allowPhotoReplies', 'Allow photo replies')}
        </fieldset>
        {/* Issue 26.3: who the post is for, and the author's own NSFW flag (safe mode covers it for others). */}
        <fieldset className={styles.checks}>
          <legend className="visually-hidden">Audience</legend>
          {check('membersOnly', 'Members only')}
          {check('ownerFlaggedNsfw', 'Flag as NSFW')}
        </fieldset>
        <fieldset className={styles.checks}>
          <legend className="visually-hidden">Call to action</legend>
          {check('enableCta', 'Show a call-to-action button')}
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
