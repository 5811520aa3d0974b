import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { SettingsFormShell } from './SettingsFormShell';

const shell = (props: Partial<Parameters<typeof SettingsFormShell>[0]> = {}) => {
  const onSubmit = vi.fn();
  const view = render(
    <SettingsFormShell error={null} done={null} pending={false} submitLabel="Change password" onSubmit={onSubmit} {...props}>
      <label>
        Current password <input name="current_password" />
      </label>
    </SettingsFormShell>,
  );
  return { onSubmit, ...view };
};

describe('SettingsFormShell', () => {
  it('sends on submit, without the browser leaving the page', () => {
    const { onSubmit } = shell();
    const event = new Event('submit', { bubbles: true, cancelable: true });
    screen.getByRole('button', { name: 'Change password' }).closest('form')!.dispatchEvent(event);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('reads Saving… and cannot be sent twice while the call runs', () => {
    shell({ pending: true });
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a refusal that names no field above the fields, and leaves a field’s own to the field', () => {
    const { rerender } = shell({ error: new ApiError(429, 'Too many tries. Wait a minute.') });
    expect(screen.getByRole('alert').textContent).toBe('Too many tries. Wait a minute.');
    rerender(
      <SettingsFormShell error={new ApiError(400, 'That is not your password.', [{ code: 1, title: 'That is not your password.', field: 'current_password' }])}
        done={null} pending={false} submitLabel="Change password" onSubmit={() => {}}>
        <input aria-label="Current password" />
      </SettingsFormShell>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the status line after a success', () => {
    shell({ done: 'Your password is changed. Every other session is logged out.' });
    expect(screen.getByRole('status').textContent).toBe('Your password is changed. Every other session is logged out.');
  });
});
