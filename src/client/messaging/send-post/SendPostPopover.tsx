import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_LOADER_DELAY_MS, EMPTY_SEARCH_TEXTS } from '../../../shared/messaging/constants';
import type { PostView } from '../../../shared/posts/types';
import { useShareData } from '../../api/share';
import { Avatar } from '../../ui/Avatar';
import { fetchPostRecipients, messagingKeys } from '../api';
import { openConversation } from '../open';
import { useParticipantSearch } from '../queries';
import { useDebounced, useDelayedFlag } from '../RecipientSearch';
import type { Participant } from '../types';
import { ExternalShare, ExternalRow, type Network } from './ExternalShare';
import { NetworkForm } from './NetworkForm';
import { canReceive, canSendPost, PLACEHOLDER_DISCUSS, PLACEHOLDER_SAY, SEND_POST_FAVORITES, sendPostTo, TEXT_SENDING } from './send-post';
import styles from './SendPost.module.css';

interface Props {
  post: PostView;
  /** The sending blog: one of the user's messaging channels. */
  sender: { uuid: string; name: string };
  ownNames: readonly string[];
  onClose: () => void;
}

/** Spec 2 §2, §4 "Send-a-post popover": pick a blog and send it the post, or share it elsewhere. */
export function SendPostPopover({ post, sender, ownNames, onClose }: Props) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [text, setText] = useState('');
  const [recipient, setRecipient] = useState<Participant | null>(null);
  // Picked among the extra suggested recipients (recent conversations): the box invites discussion.
  const [suggestedPick, setSuggestedPick] = useState(false);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [network, setNetwork] = useState<Network | null>(null);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const favorites = useQuery({
    queryKey: messagingKeys.postRecipients(sender.uuid, SEND_POST_FAVORITES),
    queryFn: () => fetchPostRecipients(sender.uuid, SEND_POST_FAVORITES),
    staleTime: 60_000,
  });
  const search = useParticipantSearch(q, sender.uuid);
  const loaderShown = useDelayedFlag(search.isFetching, SEARCH_LOADER_DELAY_MS);
  const share = useShareData(post.blog.name, post.id, true);

  const blogs = (q === '' ? (favorites.data?.blogs ?? []).slice(0, SEND_POST_FAVORITES) : (search.data?.blogs ?? [])).filter(
    (blog) => canReceive(blog) && !ownNames.includes(blog.name),
  );
  const suggested = q === '' ? (favorites.data?.suggested ?? []).filter((blog) => canReceive(blog) && !ownNames.includes(blog.name)) : [];
  const pick = (blog: Participant, fromSuggestions: boolean) => {
    setRecipient(blog);
    setSuggestedPick(fromSuggestions);
  };
  const [joke] = useState(() => EMPTY_SEARCH_TEXTS[Math.floor(Math.random() * EMPTY_SEARCH_TEXTS.length)]!);

  const send = async () => {
    if (!recipient || !canSendPost({ sending, recipient, ownNames })) return;
    setSending(true);
    setError(null);
    try {
      const id = await sendPostTo(sender.uuid, recipient, { id: post.id, blog_uuid: post.blog.uuid }, message);
      openConversation(sender.uuid, [recipient], id ?? undefined);
      if (id) void queryClient.invalidateQueries({ queryKey: messagingKeys.conversation(sender.uuid, id) });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.inboxes });
      onClose();
    } catch {
      setSending(false);
      setError("Can't send this post.");
    }
  };

  if ((network === 'facebook' || network === 'twitter') && share.data) {
    return <NetworkForm network={network} data={share.data} onBack={() => setNetwork(null)} onClose={onClose} />;
  }
  if (network === 'email' && share.data) {
    return <ExternalShare network={network} data={share.data} onBack={() => setNetwork(null)} onClose={onClose} />;
  }

  return (
    <div className={styles.root}>
      {recipient ? (
        <div className={styles.chosen}>
          <button type="button" className={styles.chip} onClick={() => setRecipient(null)} aria-label={`Remove ${recipient.name}`}>
            <Avatar blog={{ name: recipient.name, is_adult: recipient.is_adult ?? false, avatar_url: recipient.avatar_url }} size={24} />
            <span>{recipient.name}</span>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : (
        <>
          <label htmlFor={inputId} className="visually-hidden">
            Message to
          </label>
          <input
            id={inputId}
            className={styles.search}
            type="search"
            autoFocus
            autoComplete="off"
            placeholder="Message to..."
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          {q !== '' && loaderShown && !search.data ? (
            <p className={styles.status} role="status">
              Searching…
            </p>
          ) : q !== '' && search.isSuccess && blogs.length === 0 ? (
            <p className={styles.status}>{joke}</p>
          ) : (
            <BlogRow label={q === '' ? 'Favorites' : 'Search results'} blogs={blogs} onPick={(blog) => pick(blog, false)} />
          )}
          {suggested.length > 0 && (
            <>
              <p className={styles.rowTitle}>
                Recent conversations
              </p>
              <BlogRow label="Suggested" blogs={suggested} onPick={(blog) => pick(blog, true)} />
            </>
          )}
        </>
      )}
      {recipient ? (
        <form
          className={styles.compose}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <textarea
            className={styles.message}
            aria-label="Message"
            autoFocus
            maxLength={4096}
            placeholder={sending ? TEXT_SENDING : suggestedPick ? PLACEHOLDER_DISCUSS : PLACEHOLDER_SAY}
            value={message}
            disabled={sending}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={styles.sendButton} disabled={!canSendPost({ sending, recipient, ownNames })}>
            {sending ? TEXT_SENDING : 'Send'}
          </button>
        </form>
      ) : (
        share.data && <ExternalRow data={share.data} onPick={setNetwork} />
      )}
    </div>
  );
}

/** A row of blogs to pick from: favorites, search results or the suggested ones. */
function BlogRow({ label, blogs, onPick }: { label: string; blogs: Participant[]; onPick: (blog: Participant) => void }) {
  return (
    <ul className={styles.results} aria-label={label}>
      {blogs.map((blog) => (
        <li key={blog.uuid}>
          <button type="button" className={styles.result} onClick={() => onPick(blog)}>
            <Avatar blog={{ name: blog.name, is_adult: blog.is_adult ?? false, avatar_url: blog.avatar_url }} size={40} />
            <span className={styles.resultName}>{blog.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
