import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './Button';
import { Select } from './Select';

describe('Button', () => {
  it('is a plain button of type "button" unless told, named by its text', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Follow</Button>);
    const button = screen.getByRole('button', { name: 'Follow' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
  it('submits a form when it is the form’s submit button', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" variant="primary">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
  it('draws each variant and size with its own class, and keeps the caller’s layout class', () => {
    // CSS modules hash the names (_primary_d5f149): compare by the name inside.
    const classes = (look: Parameters<typeof buttonClass>[0]) => buttonClass(look, 'mine').split(' ').map((name) => name.replace(/^_(\w+?)_\w+$/, '$1'));
    expect(classes({ variant: 'primary' })).toEqual(expect.arrayContaining(['button', 'primary', 'mine']));
    expect(classes({ variant: 'danger', size: 'small' })).toEqual(expect.arrayContaining(['danger', 'small']));
    expect(classes({ variant: 'link', size: 'large', block: true })).toEqual(expect.arrayContaining(['link', 'large', 'block']));
    // Secondary is the default: a button never comes out unstyled.
    expect(classes({})).toContain('secondary');
    expect(classes({ variant: 'primary' })).not.toContain('secondary');
  });
  it('stays disabled when told (no click goes through)', () => {
    const onClick = vi.fn();
    render(<Button disabled onClick={onClick}>Save</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Select', () => {
  it('is the native select, found by its label, and reports the choice', () => {
    const onChange = vi.fn();
    render(
      <>
        <label htmlFor="font">Title font</label>
        <Select id="font" value="b" onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="a">Alpha</option>
          <option value="b">Beta</option>
        </Select>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Title font' });
    expect(select.tagName).toBe('SELECT');
    expect((select as HTMLSelectElement).value).toBe('b');
    fireEvent.change(select, { target: { value: 'a' } });
    expect(onChange).toHaveBeenCalledWith('a');
  });
  it('hides its chevron from screen readers and takes the navy tone in the header', () => {
    const { container } = render(
      <Select aria-label="Current blog" tone="navy" size="small" defaultValue="x">
        <option value="x">x</option>
      </Select>,
    );
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.firstElementChild?.className).toMatch(/navy/);
    expect(container.firstElementChild?.className).toMatch(/small/);
  });
});
