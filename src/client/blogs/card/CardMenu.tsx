import { useBlockBlog } from '../../api/blocks';
import { currentChannel, useUserInfo } from '../../api/user';
import { confirmBlockBlog } from '../../blocks/confirm-block';
import { ActionMenu } from '../../ui/ActionMenu';
import styles from './CardMenu.module.css';

interface CardMenuProps {
  blogName: string;
  /** Keeps the card open while the block confirm is open. */
  hold: (answer: Promise<unknown>) => void;
}

/** The card's "more" menu for logged-in visitors of others' blogs: Block (after the confirm). */
export function CardMenu({ blogName, hold }: CardMenuProps) {
  const { data: info } = useUserInfo();
  const block = useBlockBlog();
  const mine = info ? currentChannel(info) : undefined;
  if (!info || !mine || info.user.channels.some((channel) => channel.name === blogName)) return null;

  return (
    <div className={styles.wrap}>
      <ActionMenu
        buttonLabel={`More options for ${blogName}`}
        menuLabel={`Options for ${blogName}`}
        iconSize={18}
        buttonClassName={styles.toggle}
        menuClassName={styles.menu}
        itemClassName={styles.item}
        onConfirm={hold}
        actions={[
          {
            label: 'Block',
            confirm: () => confirmBlockBlog(blogName),
            act: () => block.mutate({ tumblelog: mine.name, blocked_tumblelog: blogName, block_context: 'blog_card' }),
          },
        ]}
      />
      {block.isSuccess && (
        <p role="status" className={styles.note}>
          Blocked.
        </p>
      )}
      {block.isError && (
        <p role="alert" className={styles.note}>
          {block.error.message}
        </p>
      )}
    </div>
  );
}
