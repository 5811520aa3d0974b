import { Link } from 'react-router';
import { useFeatures } from '../api/features';
import { FORMATS, isMac, shortcutLabel } from '../editors/formats';
import page from '../page/page.module.css';
import { usePageTitle } from '../page/use-page-title';
import { SettingsLayout } from './SettingsLayout';
import styles from './settings.module.css';

/** /help: what the product does, and every keyboard shortcut it has. Open to everyone. */
export function HelpPage() {
  usePageTitle('Help');
  const mac = isMac();
  // Issue 26: responsive_help_docs (on by default) lets the page reflow on a phone; off, it keeps
  // the desktop column's width and a narrow screen scrolls it sideways.
  const fixed = useFeatures().responsive_help_docs === false;
  return (
    <SettingsLayout active="help">
      <article className={`${page.card} ${styles.help} ${fixed ? styles.helpFixed : ''}`} data-responsive={!fixed} aria-labelledby="help-title">
        <h1 id="help-title" className={page.title}>
          Help
        </h1>
        <h2>Your dashboard</h2>
        <p>
          The <Link to="/dashboard">dashboard</Link> shows the newest posts of the blogs you follow. Like a post with the
          heart, reblog it to one of your blogs, or reply to it; the notes under a post list everyone who did.
        </p>
        <h2>Posting</h2>
        <p>
          Create text, photo, quote, link, chat, audio and video posts from the buttons at the top of the dashboard. A post
          can be published now, saved as a draft, put in the queue (published a few a day, at the times you choose in the
          blog’s settings) or made private.
        </p>
        <h2>Blogs</h2>
        <p>
          Each account can have several blogs. Switch between them from the account menu; each has its own settings,
          drafts, queue and activity (who followed, liked, reblogged and replied).
        </p>
        <h2>Following and blocking</h2>
        <p>
          Follow a blog from its card or its page; <Link to="/following">Following</Link> lists the blogs you follow. Blocking a
          blog hides it from you and you from it; manage blocks in <Link to="/settings">settings</Link>.
        </p>
        <h2>Safe mode</h2>
        <p>
          Safe mode hides adult content. Turn it on or off in <Link to="/settings/account">account settings</Link>.
        </p>
        <h2>Your account</h2>
        <p>
          Change your email address and password, turn on <Link to="/settings/tfa">two-factor login</Link>, choose which
          emails you get in <Link to="/settings/notifications">notifications</Link>, and see where you are logged in (and log
          out anywhere) in <Link to="/settings/apps">apps and sessions</Link>.
        </p>

        <h2 id="shortcuts">Keyboard shortcuts</h2>
        <table className={styles.keys} aria-labelledby="shortcuts">
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">What they do</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{mac ? <kbd>⌥C</kbd> : <><kbd>Z</kbd> held, then <kbd>C</kbd></>}</td>
              <td>Open or close fast compose</td>
            </tr>
            <tr>
              <td><kbd>Esc</kbd></td>
              <td>Close a menu, popover or dialog</td>
            </tr>
            <tr>
              <td><kbd>←</kbd> <kbd>→</kbd></td>
              <td>Move between the post types of the post form, and along the formatting toolbar</td>
            </tr>
            <tr>
              <td><kbd>↑</kbd> <kbd>↓</kbd></td>
              <td>Move through an open menu; on a menu’s button, open it</td>
            </tr>
            <tr>
              <td><kbd>{mac ? '⌥' : 'Alt+'}↑</kbd> <kbd>{mac ? '⌥' : 'Alt+'}↓</kbd></td>
              <td>Move a photo up or down in a photo post</td>
            </tr>
            {FORMATS.map((format) => (
              <tr key={format.id}>
                <td><kbd>{shortcutLabel(format.shortcut, mac)}</kbd></td>
                <td>{format.label} (in the rich text editor)</td>
              </tr>
            ))}
          </tbody>
        </table>
      </article>
    </SettingsLayout>
  );
}
