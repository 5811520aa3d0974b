import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BodyEditor } from './BodyEditor';
import { SourceEditor } from './SourceEditor';

describe('SourceEditor', () => {
  it('is a labelled textarea holding the source', () => {
    const onChange = vi.fn();
    render(<SourceEditor mode="html" value="<p>Hi</p>" onChange={onChange} ariaLabel="Post body" placeholder="HTML" />);
    const area = screen.getByRole('textbox', { name: 'Post body' }) as HTMLTextAreaElement;
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.value).toBe('<p>Hi</p>');
    expect(area.placeholder).toBe('HTML');
    expect(area.getAttribute('spellcheck')).toBe('false');
    fireEvent.change(area, { target: { value: '<p>Hi!</p>' } });
    expect(onChange).toHaveBeenCalledWith('<p>Hi!</p>');
  });
});

describe('BodyEditor', () => {
  it('picks the editor by type', () => {
    const { rerender } = render(<BodyEditor editorType="markdown" value="**x**" onChange={() => undefined} ariaLabel="Post body" />);
    expect(screen.getByRole('textbox', { name: 'Post body' }).getAttribute('data-editor-mode')).toBe('markdown');
    rerender(<BodyEditor editorType="html" value="<b>x</b>" onChange={() => undefined} ariaLabel="Post body" />);
    expect(screen.getByRole('textbox', { name: 'Post body' }).getAttribute('data-editor-mode')).toBe('html');
    rerender(<BodyEditor editorType="rich" value="<p>x</p>" onChange={() => undefined} ariaLabel="Post body" />);
    const rich = screen.getByRole('textbox', { name: 'Post body' });
    expect(rich.getAttribute('contenteditable')).toBe('true');
    expect(rich.innerHTML).toContain('<p>x</p>');
  });
});
