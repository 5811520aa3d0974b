import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BodyEditorProps } from '../editors/BodyEditor';
import { userKeys } from '../api/user';
import { fakeServer, info, openForm, sentTo } from './form-test-kit';
import { dismissSaveNotice } from './save-notice';
import { postView } from './test-fixtures';

// The rich editor is tested with the editors; here a textarea keeps its contract (value in, onChange out).
vi.mock('../editors/BodyEditor', () => ({
  BodyEditor: ({ value, onChange, ariaLabel, placeholder, editorType }: BodyEditorProps) => (
    <textarea aria-label={ariaLabel} placeholder={placeholder} data-editor-type={editorType} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  ),
}));

const UPDATE = '/svc/post/update';
const saved = (blogName = 'ann') => ({
  post: { id: '5', is_edit: false, is_reblog: false },
  post_tumblelog: { name_or_id: blogName, url: '', post_url: '', avatar: '' },
  post_context_page: 'dashboard',
  created_post: postView({ id: '5' }),
  message: '',
});

/** The form's own alert region (the page under the form has its own). */
const formAlert = () => within(screen.getByRole('dialog', { name: /post$/ })).getByRole('alert');

/** The first field has focus as soon as the form shows; the form is ready once it can save. */
async function ready(firstField = 'Title') {
  const field = await screen.findByRole('textbox', { name: firstField });
  await waitFor(() => expect(document.activeElement).toBe(field));
  // It takes typing at once; its controls and saving wait for its opening scroll (spec 1 §4).
  await waitFor(() => expect(field.closest('form')!.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(false));
  return field;
}

describe('the new post form', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => dismissSaveNotice());
  });

  it('opens /new/text as a dialog with the seven type tabs and the text fields', async () => {
    fakeServer({});
    openForm('/new/text');
    const dialog = await screen.findByRole('dialog', { name: 'New text post' });
    await ready();
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Text', 'Photo', 'Quote', 'Link', 'Chat', 'Audio', 'Video']);
    expect(screen.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Body' }).getAttribute('data-editor-type')).toBe('rich');
    expect(screen.getByRole('button', { name: 'Post' })).toBeTruthy();
    expect(screen.getByTestId('header-probe').textContent).toBe('form open');
    // Two blogs: the person picks which one, the current one first.
    expect((screen.getByRole('combobox', { name: 'Blog' }) as HTMLSelectElement).value).toBe('ann');
  });

  it('switching type keeps what was typed and replaces the address', async () => {
    fakeServer({});
    const user = userEvent.setup();
    const { router } = openForm('/new/text');
    await ready();
    await user.type(screen.getByRole('textbox', { name: 'Body' }), 'Hello there');
    const before = router.state.historyAction;
    await user.click(screen.getByRole('tab', { name: 'Quote' }));
    expect((screen.getByRole('textbox', { name: 'Quote' }) as HTMLTextAreaElement).value).toBe('Hello there');
    expect(router.state.location.pathname).toBe('/new/quote');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(before).toBe('POP');
    expect(screen.getByRole('dialog', { name: 'New quote post' })).toBeTruthy();
    // Arrow keys move along the tabs and choose.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Quote' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Link' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Link' }));
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Hello there');
  });

  it('switches the body editor, keeping what was written', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/text');
    await ready();
    const body = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: '<p>Some <b>bold</b> words</p>' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Editor' }), 'markdown');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Body' }).getAttribute('data-editor-type')).toBe('markdown'));
    expect((screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement).value).toBe('Some **bold** words');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ editor_type: 'markdown', 'post[two]': 'Some **bold** words', 'is_rich_text[two]': '1' });
  });

  it('closes an untouched form at once and goes back to the dashboard', async () => {
    fakeServer({});
    const { router } = openForm('/new/photo');
    await ready('Photo URL');
    // The glass is the dialog's ::backdrop: a click there lands on the dialog itself.
    fireEvent.click(screen.getByRole('dialog', { name: 'New photo post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    expect(screen.getByTestId('header-probe').textContent).toBe('form closed');
  });

  it('asks before discarding a changed post: Nevermind keeps it, Discard closes', async () => {
    fakeServer({});
    const user = userEvent.setup();
    const { router } = openForm('/new/text');
    const title = await ready();
    await user.type(title, 'My trip');

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'New text post' }), { key: 'Escape' });
    expect(await screen.findByText('Discard this post?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nevermind' }));
    await waitFor(() => expect(screen.queryByText('Discard this post?')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLTextAreaElement).value).toBe('My trip');
    expect(router.state.location.pathname).toBe('/new/text');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('the state menu changes the submit label and the state sent; a notice follows the save', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    const { router } = openForm('/new/text');
    await user.type(await ready(), 'Later');

    await user.click(screen.getByRole('button', { name: 'When to post' }));
    const menu = screen.getByRole('menu', { name: 'When to post' });
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      'Post now', 'Add to queue', 'Save as draft', 'Post privately', 'Schedule',
    ]);
    // Keyboard: the current choice has focus; down twice and Enter picks "Save as draft".
    expect(document.activeElement?.textContent).toBe('Post now');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [body] = sentTo(server, UPDATE);
    expect(body).toMatchObject({ channel_id: 'ann', 'post[type]': 'text', 'post[one]': 'Later', 'post[state]': '1', context_page: 'dashboard' });
    expect(await screen.findByText('Saved as a draft.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Saved as a draft.');
  });

  it('schedules with a date and time, sent as on.2 and an ISO publish_on', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/text');
    await user.type(await ready(), 'Soon');
    await user.click(screen.getByRole('button', { name: 'When to post' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Schedule' }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(formAlert().textContent).toBe('Choose a date and time to publish on.');
    expect(sentTo(server, UPDATE)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Publish on'), { target: { value: '2030-06-01T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ 'post[state]': 'on.2', 'post[publish_on]': new Date('2030-06-01T09:30').toISOString() });
    expect(await screen.findByText('Scheduled.')).toBeTruthy();
  });

  it('adds tags with Enter and commas, removes with Backspace and the chip buttons', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/text');
    await user.type(await ready(), 'Tagged');
    const input = screen.getByRole('textbox', { name: 'Add tags' });
    await user.click(input);
    await user.keyboard('cats{Enter}#dogs,birds,');
    // Enter adds a tag and does not send the form.
    expect(sentTo(server, UPDATE)).toHaveLength(0);
    const chips = () => within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(chips()).toEqual(['Remove tag cats', 'Remove tag dogs', 'Remove tag birds']);
    await user.keyboard('{Backspace}');
    expect(chips()).toEqual(['Remove tag cats', 'Remove tag dogs']);
    // A chip is a button: Tab back to it and press Enter.
    screen.getByRole('button', { name: 'Remove tag cats' }).focus();
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Remove tag dogs']);
    expect(document.activeElement).toBe(input);
    await user.type(input, 'left over');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]!['post[tags]']).toBe('dogs,left over');
  });

  it('shows the check message before calling the server, and the server message after', async () => {
    const nothingFound = {
      url: 'https://example.com/a', title: null, description: null, author: null, site_name: null, thumbnail: null,
      unsupported: true, embed_render_context: null, preview_iframe: null, embed_code: null,
    };
    const server = fakeServer({ [UPDATE]: () => [400, 'Not a valid URL'], '/svc/link/preview': () => [200, nothingFound] });
    const user = userEvent.setup();
    openForm('/new/link');
    await ready('URL');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(formAlert().textContent).toBe('No url.');
    expect(sentTo(server, UPDATE)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://example.com/a');
    // Leaving the field previews the address; the form waits for the preview before it saves.
    await user.tab();
    await waitFor(() => expect(sentTo(server, '/svc/link/preview')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Loading OpenGraph data.')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(formAlert().textContent).toBe('Not a valid URL'));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ 'post[type]': 'link', 'post[two]': 'https://example.com/a' });
    // Still open and usable.
    expect(screen.getByRole('button', { name: 'Post' }).hasAttribute('disabled')).toBe(false);
  });

  it('says Saving… and takes no second submit while the save is under way', async () => {
    let finish!: (value: [number, unknown]) => void;
    const server = fakeServer({ [UPDATE]: () => new Promise((resolve) => (finish = resolve)) });
    const user = userEvent.setup();
    openForm('/new/quote');
    await user.type(await ready('Quote'), 'To be');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(busy.closest('form')!);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(sentTo(server, UPDATE)).toHaveLength(1);
    expect(screen.queryByText('Discard this post?')).toBeNull();
    await act(async () => finish([200, saved('ann-art')]));
    expect(await screen.findByText('Posted to ann-art.')).toBeTruthy();
  });

  it('adds, orders and removes photos by keyboard and sends them in order', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/photo', { base: '/drafts' });
    const url = await ready('Photo URL');
    await user.type(url, 'not a url{Enter}');
    expect(screen.getByText('Not a valid URL')).toBeTruthy();
    await user.clear(url);
    await user.type(url, 'https://p.example/1.jpg{Enter}https://p.example/2.jpg{Enter}https://p.example/3.jpg{Enter}');
    expect(screen.getByText('3 of 10 photos.')).toBeTruthy();
    screen.getByRole('button', { name: 'Move photo 3 up' }).focus();
    await user.keyboard('{Enter}');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Caption for photo 1' }), { key: 'ArrowDown', altKey: true });
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    await user.type(screen.getByRole('textbox', { name: 'Alt text for photo 1' }), 'Three');
    await user.type(screen.getByRole('textbox', { name: 'Alt text for photo 2' }), 'One');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    // 1 2 3 -> 1 3 2 -> 3 1 2 -> remove the third (2) -> 3 1.
    expect(sentTo(server, UPDATE)[0]).toMatchObject({
      'post[type]': 'photo', 'images[o3]': 'https://p.example/3.jpg', 'images[o1]': 'https://p.example/1.jpg', 'post[photoset_order]': 'o3,o1',
      'alt[o3]': 'Three', 'alt[o1]': 'One', context_page: 'drafts',
    });
  });

  it('reminds before a photo goes out without alt text: Add alt text focuses its field, Post anyway sends (issue 24.4)', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/photo');
    await user.type(await ready('Photo URL'), 'https://p.example/1.jpg{Enter}https://p.example/2.jpg{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Alt text for photo 1' }), 'A cat');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const reminder = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(reminder.textContent).toContain('A photo in this post has no alt text.');
    await user.click(within(reminder).getByRole('button', { name: 'Add alt text' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Alt text for photo 2' })));
    expect(sentTo(server, UPDATE)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Post anyway' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ 'alt[o1]': 'A cat' });
    expect(sentTo(server, UPDATE)[0]).not.toHaveProperty('alt[o2]');
  });

  it('does not remind when the person turned the reminder off', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    const { queryClient } = openForm('/new/photo');
    queryClient.setQueryData(userKeys.info, { ...info, user: { ...info.user, is_alt_text_reminder_enabled: false } });
    await user.type(await ready('Photo URL'), 'https://p.example/1.jpg{Enter}');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Please confirm' })).toBeNull();
  });

  it('shows a loader only after 250 ms of loading', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
    openForm('/new/text');
    const status = await screen.findByRole('status', { busy: true });
    expect(status.textContent).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(status.textContent).toBe('');
    await waitFor(() => expect(status.textContent).toBe('Loading the post form…'));
  });

  it('renders the page under the form and a 404 for an unknown type', async () => {
    fakeServer({});
    openForm('/new/note');
    expect(await screen.findByText('There is nothing here.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
