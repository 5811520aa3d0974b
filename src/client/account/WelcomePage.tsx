import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { UserInfoResponse } from '../../shared/types';
import { BLOG_TITLE_MAX } from '../../shared/blog-settings';
import { ApiError } from '../api/client';
import { useSaveBlogSettings } from '../api/blogs';
import { currentChannel } from '../api/user';
import { ImageUpload } from '../blogs/settings/ImageUpload';
import { Suggestions } from '../explore/Suggestions';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import styles from './auth.module.css';
import { Field } from '../ui/Field';
import welcome from './WelcomePage.module.css';
import { Button } from '../ui/Button';

const STEPS = ['title', 'avatar', 'interests'] as const;
type Step = (typeof STEPS)[number];
const HEADINGS: Record<Step, string> = {
  title: 'Give your blog a title',
  avatar: 'Choose an avatar',
  interests: 'Pick a few interests',
};

/**
 * After sign-up (issue 24, "getting started"): the blog's title, its avatar and a few tags to follow,
 * one step at a time, each skippable; nothing is required, and the dashboard comes after the last.
 */
export function WelcomePage() {
  usePageTitle('Welcome');
  return <RequireUser>{(info) => <Steps info={info} />}</RequireUser>;
}

function Steps({ info }: { info: UserInfoResponse }) {
  const navigate = useNavigate();
  const blog = currentChannel(info);
  const name = blog?.name ?? info.user.primary;
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new step is announced by moving focus to its heading (the first one too: the page changed).
  useEffect(() => heading.current?.focus(), [index]);
  const next = () => (index + 1 < STEPS.length ? setIndex(index + 1) : navigate('/dashboard', { replace: true }));

  return (
    <div className={`${styles.wrap} ${welcome.wrap}`}>
      <section className={styles.card} aria-labelledby="welcome-step">
        <p className={welcome.progress}>
          Welcome, {name}: step {index + 1} of {STEPS.length}
        </p>
        <h1 id="welcome-step" className={styles.title} ref={heading} tabIndex={-1}>
          {HEADINGS[step]}
        </h1>
        {step === 'title' && <TitleStep blog={name} initial={blog?.title ?? ''} onDone={next} />}
        {step === 'avatar' && <AvatarStep blog={name} onDone={next} />}
        {step === 'interests' && (
          <>
            <p className={styles.text}>Follow a few tags: their posts join your dashboard.</p>
            <Suggestions tagsOnly />
            <Button variant="primary" size="large" onClick={next}>
              Done
            </Button>
          </>
        )}
        <Button variant="secondary" className={styles.secondary} onClick={next}>
          Skip
        </Button>
      </section>
    </div>
  );
}

function TitleStep({ blog, initial, onDone }: { blog: string; initial: string; onDone: () => void }) {
  const save = useSaveBlogSettings(blog);
  const [title, setTitle] = useState(initial === blog ? '' : initial);
  const error = save.error instanceof ApiError ? (save.error.forField('title') ?? save.error.message) : save.error?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return onDone();
    save.mutate({ title: title.trim() }, { onSuccess: onDone });
  };
  return (
    <form className={welcome.form} onSubmit={submit} noValidate>
      <Field label="Blog title" name="title" value={title} maxLength={BLOG_TITLE_MAX} onChange={(e) => setTitle(e.target.value)}
        hint="Shown at the top of your blog and on its card. You can change it in the blog's settings." error={error} />
      <Button type="submit" variant="primary" size="large" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save and continue'}
      </Button>
    </form>
  );
}

function AvatarStep({ blog, onDone }: { blog: string; onDone: () => void }) {
  const save = useSaveBlogSettings(blog);
  const [uploaded, setUploaded] = useState<string | null>(null);
  return (
    <div className={welcome.form}>
      <ImageUpload
        label="Avatar"
        preview={uploaded}
        previewShape="circle"
        onUploaded={(url) => setUploaded(url)}
        onRemove={uploaded ? () => setUploaded(null) : null}
        removeLabel="Use the generated avatar"
        emptyLabel="Generated"
      />
      {save.error && (
        <p role="alert" className={styles.error}>
          {save.error.message}
        </p>
      )}
      <Button
       
        variant="primary" size="large"
        disabled={!uploaded || save.isPending}
        onClick={() => uploaded && save.mutate({ avatar: uploaded }, { onSuccess: onDone })}
      >
        {save.isPending ? 'Saving…' : 'Save and continue'}
      </Button>
    </div>
  );
}
