import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainTextEditor, type PlainTextEditorProps } from './PlainTextEditor';

/** The editor inside a parent that keeps the model, as the post form does. */
function Field(props: Partial<PlainTextEditorProps> & { initial?: string; onModel?: (text: string) => void }) {
  const { initial = '', onModel, ...rest } = props;
  const [text, setText] = useState(initial);
  return (
    <PlainTextEditor
      ariaLabel="Title"
      {...rest}
      value={text}
      onChange={(next) => {
        setText(next);
        onModel?.(next);
      }}
    />
  );
}

function field() {
  return screen.getByRole('textbox', { name: 'Title' }) as HTMLTextAreaElement;
}

describe('PlainTextEditor', () => {
  it('is labelled, shows its placeholder and has the model field’s name', () => {
    render(<Field placeholder="Title" name="title" />);
    expect(field().placeholder).toBe('Title');
    expect(field().name).toBe('title');
  });

  it('types into the model', async () => {
    const onModel = vi.fn();
    render(<Field onModel={onModel} />);
    await userEvent.type(field(), 'Hi there');
    expect(onModel).toHaveBeenLastCalledWith('Hi there');
  });

  describe('character limit', () => {
    it('truncates pasted text to the room left', async () => {
      const onModel = vi.fn();
      render(<Field initial="abc" characterLimit={8} onModel={onModel} />);
      const user = userEvent.setup();
      await user.click(field());
      await user.paste('defghijkl');
      expect(field().value).toBe('abcdefgh');
      expect(onModel).toHaveBeenLastCalledWith('abcdefgh');
    });

    it('blocks typing past the limit', async () => {
      const onModel = vi.fn();
      render(<Field initial="abcd" characterLimit={5} onModel={onModel} />);
      const user = userEvent.setup();
      await user.click(field());
      await user.keyboard('xyz');
      expect(field().value).toBe('abcdx');
      expect(onModel).toHaveBeenLastCalledWith('abcdx');
    });

    it('cancels the beforeinput that would go past the limit', () => {
      render(<Field initial="abcde" characterLimit={5} />);
      const el = field();
      el.setSelectionRange(5, 5);
      const typing = new InputEvent('beforeinput', { inputType: 'insertText', data: 'f', cancelable: true });
      el.dispatchEvent(typing);
      expect(typing.defaultPrevented).toBe(true);
      el.setSelectionRange(0, 1);
      const replacing = new InputEvent('beforeinput', { inputType: 'insertText', data: 'f', cancelable: true });
      el.dispatchEvent(replacing);
      expect(replacing.defaultPrevented).toBe(false);
    });

    it('shows the characters left, politely announced', async () => {
      render(<Field initial="abc" characterLimit={15} />);
      const counter = screen.getByText('12 characters left');
      expect(counter.getAttribute('aria-live')).toBe('polite');
      expect(field().getAttribute('aria-describedby')).toBe(counter.id);
      await userEvent.type(field(), 'x'.repeat(11));
      expect(screen.getByText('1 character left')).toBeTruthy();
    });
  });

  describe('single-line mode', () => {
    it('turns pasted line breaks into spaces', async () => {
      render(<Field forceSingleLine />);
      const user = userEvent.setup();
      await user.click(field());
      await user.paste('one\ntwo\r\nthree');
      expect(field().value).toBe('one two three');
    });

    it('adds nothing on Enter', async () => {
      render(<Field forceSingleLine initial="one" />);
      const user = userEvent.setup();
      await user.click(field());
      await user.keyboard('{Enter}two');
      expect(field().value).toBe('onetwo');
    });

    it('keeps line breaks otherwise', async () => {
      render(<Field initial="one" />);
      const user = userEvent.setup();
      await user.click(field());
      await user.keyboard('{Enter}two');
      expect(field().value).toBe('one\ntwo');
    });
  });

  it('pastes HTML as its text', () => {
    render(<Field />);
    const data = { getData: (type: string) => (type === 'text/html' ? '<p>Hello <b>bold</b></p><p>world</p>' : '') };
    act(() => {
      fireEvent.paste(field(), { clipboardData: data });
    });
    expect(field().value).toBe('Hello bold\nworld');
  });

  it('removes zero-width characters', async () => {
    render(<Field />);
    const user = userEvent.setup();
    await user.click(field());
    await user.paste('a\u200Bb\uFEFFc');
    expect(field().value).toBe('abc');
    fireEvent.change(field(), { target: { value: 'abc\u200Dd' } });
    expect(field().value).toBe('abcd');
  });

  it('blocks drops', () => {
    render(<Field initial="abc" />);
    const drop = fireEvent.drop(field(), { dataTransfer: { getData: () => 'dropped' } });
    expect(drop).toBe(false);
    expect(field().value).toBe('abc');
  });

  it('curls quotes when smart quotes are on, and only then', async () => {
    const { unmount } = render(<Field smartQuotesEnabled />);
    await userEvent.type(field(), `"It's 5'10"`);
    expect(field().value).toBe('\u201CIt\u2019s 5\u203210\u2033');
    unmount();
    render(<Field />);
    await userEvent.type(field(), `"It's"`);
    expect(field().value).toBe(`"It's"`);
  });

  it('is read-only when editing is disabled', async () => {
    const onModel = vi.fn();
    render(<Field initial="fixed" disableEdit onModel={onModel} />);
    await userEvent.type(field(), 'more');
    expect(field().readOnly).toBe(true);
    expect(field().value).toBe('fixed');
    expect(onModel).not.toHaveBeenCalled();
  });

  it('follows the model, unless syncWithModel is false', () => {
    const { rerender } = render(<PlainTextEditor ariaLabel="Title" value="one" onChange={() => undefined} />);
    rerender(<PlainTextEditor ariaLabel="Title" value="two" onChange={() => undefined} />);
    expect(field().value).toBe('two');
    rerender(<PlainTextEditor ariaLabel="Title" value="three" onChange={() => undefined} syncWithModel={false} key="own" />);
    rerender(<PlainTextEditor ariaLabel="Title" value="four" onChange={() => undefined} syncWithModel={false} key="own" />);
    expect(field().value).toBe('three');
  });
});
