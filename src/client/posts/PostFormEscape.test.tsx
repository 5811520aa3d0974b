import type { Editor } from '@tiptap/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installLayoutShims, placeSelection, press, selectText, typeText } from '../editors/rich-test-utils';
import { fakeServer, openForm } from './form-test-kit';

// The post form with the real rich editor, on the native modal <dialog>: an Escape that a widget
// inside keeps for itself must not reach the dialog (its keydown handler) nor the browser's cancel
// (test-setup's <dialog> stand-in sends one for every Escape whose default was not prevented).

let removeShims: () => void;
beforeAll(() => {
  removeShims = installLayoutShims();
});
afterAll(() => removeShims());
afterEach(() => vi.restoreAllMocks());

const form = () => screen.getByRole('dialog', { name: 'New text post' });
const asked = () => screen.queryByText('Discard this post?');

/** The form is still open and asks nothing, once Escape's default action (the cancel) had its turn. */
async function stillOpen() {
  await act(async () => {});
  expect(asked()).toBeNull();
  expect((form() as HTMLDialogElement).open).toBe(true);
}

async function changedForm() {
  fakeServer({});
  const user = userEvent.setup();
  openForm('/new/text');
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await waitFor(() => expect(document.activeElement).toBe(title));
  await user.type(title, 'My trip');
  const body = form().querySelector<HTMLElement>('[contenteditable="true"]')!;
  const editor = (body as HTMLElement & { editor: Editor }).editor;
  act(() => {
    placeSelection(editor, 1);
    typeText(editor, 'Hello world');
  });
  return { user, body, editor };
}

describe('Escape in the post form', () => {
  it('inside the formatting toolbar goes back to the text and keeps the form', async () => {
    const { editor } = await changedForm();
    act(() => selectText(editor, 'world'));
    const bold = screen.getByRole('button', { name: 'Bold' });
    act(() => bold.focus());
    fireEvent.keyDown(bold, { key: 'Escape' });
    expect(editor.view.hasFocus()).toBe(true);
    await stillOpen();
  });

  it('inside the link bubble cancels the link only', async () => {
    const { body, editor } = await changedForm();
    act(() => selectText(editor, 'world'));
    act(() => press(body, 'k'));
    const address = await screen.findByRole('textbox', { name: 'Link address' });
    fireEvent.keyDown(address, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull());
    await stillOpen();
  });

  it('in the image-URL form of the paragraph tray closes that form only', async () => {
    const { user, editor } = await changedForm();
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      editor.commands.splitBlock();
      editor.view.focus();
    });
    await user.click(await screen.findByRole('button', { name: 'Insert' }));
    await user.click(screen.getByRole('menuitem', { name: 'Image by URL' }));
    const url = screen.getByRole('textbox', { name: 'Image URL' });
    fireEvent.keyDown(url, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Image URL' })).toBeNull());
    await stillOpen();
  });

  it('in the text asks before discarding the changed post (spec 1 §5), and Nevermind keeps it', async () => {
    const { user, body } = await changedForm();
    // ProseMirror prevents the default of every Escape typed in it: the dialog still hears it.
    fireEvent.keyDown(body, { key: 'Escape' });
    expect(await screen.findByText('Discard this post?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nevermind' }));
    await waitFor(() => expect(asked()).toBeNull());
    expect((form() as HTMLDialogElement).open).toBe(true);
    expect(body.textContent).toBe('Hello world');
  });
});
