import { Link, useParams } from 'react-router';
import { avatarPath, avatarVersionOf } from '../../../shared/avatar';
import { BLOG_FONTS, DEFAULT_TITLE_FONT } from '../../../shared/blog-fonts';
import { BLOG_DESCRIPTION_MAX, BLOG_TITLE_MAX, normalizeHexColor } from '../../../shared/blog-settings';
import type { Blog, UserInfoResponse } from '../../../shared/types';
import { useBlogData } from '../../api/blogs';
import page from '../../page/page.module.css';
import { LoadFailed, PageMessage } from '../../page/PageMessage';
import { RequireUser } from '../../page/RequireUser';
import { BlogCard } from '../card/BlogCard';
import styles from './BlogSettingsPage.module.css';
import { ImageUpload } from './ImageUpload';
import { SaveBar, SwitchRows } from './SettingsPieces';
import { useBlogSettingsDraft } from './use-blog-settings-draft';
import { changesOf, draftOf, previewDescription, type SettingsDraft } from './settings-draft';
import { usePageTitle } from '../../page/use-page-title';
import { AskSettingsForm } from './AskSettingsForm';
import { DeleteBlogSection } from '../../leaving/DeleteBlogSection';
import { Select } from '../../ui/Select';

type ColourKey = 'background_color' | 'title_color' | 'link_color';
const COLOURS: { key: ColourKey; label: string }[] = [
  { key: 'background_color', label: 'Background colour' },
  { key: 'title_color', label: 'Title colour' },
  { key: 'link_color', label: 'Link colour' },
];
const SWITCHES = [
  { key: 'show_title', label: 'Show the title' },
  { key: 'show_description', label: 'Show the description' },
  { key: 'show_avatar', label: 'Show the avatar' },
  { key: 'show_header_image', label: 'Show the header image' },
] as const;
const MESSAGING_SWITCHES = [
  { key: 'can_receive_messages', label: 'Let other Tumblrs message this blog' },
  { key: 'messages_from_followed_only', label: 'Only allow messages from Tumblrs I follow' },
] as const;

function ColourField({ label, name, value, error, onChange }: { label: string; name: string; value: string; error?: string; onChange: (value: string) => void }) {
  const hex = normalizeHexColor(value);
  return (
    <div className={styles.colour}>
      <label htmlFor={`${name}-text`}>{label}</label>
      <span className={styles.colourInputs}>
        <input type="color" aria-label={`${label} picker`} value={(hex ?? '#000000').toLowerCase()} onChange={(e) => onChange(e.target.value.toUpperCase())} />
        <input
          id={`${name}-text`}
          name={name}
          value={value}
          maxLength={7}
          spellCheck={false}
          aria-invalid={!hex || Boolean(error)}
          aria-describedby={`${name}-error`}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => hex && onChange(hex)}
        />
      </span>
      <span id={`${name}-error`} className={styles.fieldError}>
        {error ?? (hex ? '' : 'Use a hex colour like #529ECC or #FFF.')}
      </span>
    </div>
  );
}

function SettingsForm({ blog }: { blog: Blog }) {
  const { draft, set, dirty, error, pending, saved, submit } = useBlogSettingsDraft<SettingsDraft>(blog, draftOf, changesOf);
  const colourProblem = COLOURS.some(({ key }) => !normalizeHexColor(draft[key]));

  // A changed avatar has a new address (its version is in the blog's avatar_url).
  const savedAvatar = avatarPath(blog.name, 128, avatarVersionOf(blog.avatar_url));
  const avatarSrc = draft.avatar === null ? savedAvatar : draft.avatar === '' ? null : draft.avatar;
  const preview = {
    ...blog,
    title: draft.title,
    description_sanitized: previewDescription(draft.description, blog.description_sanitized),
    global_theme_params: {
      ...blog.global_theme_params,
      background_color: draft.background_color,
      title_color: draft.title_color,
      link_color: draft.link_color,
      avatar_shape: draft.avatar_shape,
      title_font: draft.title_font,
      show_title: draft.show_title,
      show_description: draft.show_description,
      show_avatar: draft.show_avatar,
      show_header_image: draft.show_header_image,
      header_image_focused: draft.header_image,
    },
  };

  return (
    <div className={styles.layout}>
      <form className={`${page.card} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby="blog-settings-title">
        <h1 id="blog-settings-title" className={page.title}>
          Settings of {blog.name}
        </h1>
        <div className={styles.field}>
          <label htmlFor="blog-title">Title</label>
          <input id="blog-title" name="title" value={draft.title} maxLength={BLOG_TITLE_MAX} onChange={(e) => set('title', e.target.value)}
            aria-invalid={Boolean(error?.forField('title'))} aria-describedby="blog-title-error" />
          <span id="blog-title-error" className={styles.fieldError}>{error?.forField('title')}</span>
        </div>
        <div className={styles.field}>
          <label htmlFor="blog-description">Description</label>
          <textarea id="blog-description" name="description" rows={4} value={draft.description} maxLength={BLOG_DESCRIPTION_MAX}
            onChange={(e) => set('description', e.target.value)} aria-invalid={Boolean(error?.forField('description'))}
            aria-describedby="blog-description-hint blog-description-error" />
          <span id="blog-description-hint" className={styles.hint}>
            Links, bold and italic are kept (HTML). The preview shows the text until you save.
          </span>
          <span id="blog-description-error" className={styles.fieldError}>{error?.forField('description')}</span>
        </div>
        <ImageUpload
          label="Avatar"
          preview={avatarSrc}
          previewShape={draft.avatar_shape}
          onUploaded={(url) => set('avatar', url)}
          onRemove={() => set('avatar', '')}
          removeLabel="Use the generated avatar"
          emptyLabel="Generated"
        />
        {error?.forField('avatar') && <p className={styles.fieldError}>{error.forField('avatar')}</p>}
        <fieldset className={styles.group}>
          <legend>Avatar shape</legend>
          {(['circle', 'square'] as const).map((shape) => (
            <label key={shape} className={styles.inline}>
              <input type="radio" name="avatar_shape" value={shape} checked={draft.avatar_shape === shape} onChange={() => set('avatar_shape', shape)} />
              {shape === 'circle' ? 'Circle' : 'Square'}
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor="blog-title-font">Title font</label>
          <Select id="blog-title-font" name="title_font" value={draft.title_font} onChange={(e) => set('title_font', e.target.value)}
            aria-invalid={Boolean(error?.forField('title_font'))} aria-describedby="blog-title-font-hint">
            <option value={DEFAULT_TITLE_FONT}>{DEFAULT_TITLE_FONT} (the site’s font)</option>
            {BLOG_FONTS.map((font) => (
              <option key={font.family} value={font.family}>
                {font.display_name}
              </option>
            ))}
          </Select>
          <span id="blog-title-font-hint" className={styles.hint}>
            The preview shows it. Open-licence fonts, served by this site.
          </span>
        </div>
        <ImageUpload
          label="Header image"
          preview={draft.header_image}
          onUploaded={(url) => set('header_image', url)}
          onRemove={draft.header_image ? () => set('header_image', null) : null}
          removeLabel="Remove the header image"
        />
        {error?.forField('header_image') && <p className={styles.fieldError}>{error.forField('header_image')}</p>}
        <fieldset className={styles.group}>
          <legend>Colours</legend>
          {COLOURS.map(({ key, label }) => (
            <ColourField key={key} name={key} label={label} value={draft[key]} error={error?.forField(key)} onChange={(value) => set(key, value)} />
          ))}
        </fieldset>
        <SwitchRows legend="On the card" items={SWITCHES} values={draft} onChange={set} />
        <SwitchRows
          legend="Messaging"
          items={MESSAGING_SWITCHES.map((item) => ({ ...item, disabled: item.key === 'messages_from_followed_only' && !draft.can_receive_messages }))}
          values={draft}
          onChange={set}
        />
        <SaveBar error={error} dirty={dirty} pending={pending} saved={saved} blocked={colourProblem} />
      </form>
      <aside className={styles.preview} aria-label="Preview of the blog card">
        <h2 className={styles.previewTitle}>Preview</h2>
        <div className={styles.previewCard}>
          <BlogCard blog={preview} posts={null} avatarSrc={avatarSrc} />
        </div>
      </aside>
    </div>
  );
}

function BlogSettings({ info }: { info: UserInfoResponse }) {
  const { name = '' } = useParams();
  const own = info.user.channels.some((channel) => channel.name === name);
  const blog = useBlogData(name);
  if (!own) {
    return (
      <PageMessage>
        You can only change the settings of your own blogs. <Link to="/dashboard">Go to your dashboard</Link>
      </PageMessage>
    );
  }
  if (blog.isPending) return <PageMessage busy>Loading…</PageMessage>;
  if (blog.isError) return <LoadFailed error={blog.error} onRetry={blog.refetch} />;
  return (
    <>
      <SettingsForm key={blog.data.name} blog={blog.data} />
      <AskSettingsForm key={`asks-${blog.data.name}`} blog={blog.data} />
      <div className={styles.layout} style={{ marginTop: 24 }}>
        <DeleteBlogSection key={`delete-${blog.data.name}`} name={blog.data.name} only={info.user.channels.length === 1} />
      </div>
    </>
  );
}

/** /blog/{name}/settings: what the blog card shows, edited by the owner with a live preview. */
export function BlogSettingsPage() {
  const { name = '' } = useParams();
  usePageTitle(`Blog settings · ${name}`);
  return <RequireUser>{(info) => <BlogSettings info={info} />}</RequireUser>;
}
