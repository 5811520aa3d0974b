import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useComposeShortcut } from './use-compose-shortcut';

function Harness({ toggle }: { toggle: () => void }) {
  useComposeShortcut(true, toggle);
  return <input aria-label="text box" />;
}

const setPlatform = (platform: string) => vi.spyOn(navigator, 'platform', 'get').mockReturnValue(platform);

describe('useComposeShortcut', () => {
  afterEach(() => vi.restoreAllMocks());

  it('z+c toggles on Windows and Linux; c alone and alt+c do not', () => {
    setPlatform('Win32');
    const toggle = vi.fn();
    render(<Harness toggle={toggle} />);
    fireEvent.keyDown(window, { code: 'KeyC', key: 'c' });
    fireEvent.keyDown(window, { code: 'KeyC', key: 'ç', altKey: true });
    expect(toggle).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { code: 'KeyZ', key: 'z' });
    fireEvent.keyDown(window, { code: 'KeyC', key: 'c' });
    expect(toggle).toHaveBeenCalledTimes(1);
    fireEvent.keyUp(window, { code: 'KeyZ', key: 'z' });
    fireEvent.keyDown(window, { code: 'KeyC', key: 'c' });
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it('alt+c toggles on a Mac', () => {
    setPlatform('MacIntel');
    const toggle = vi.fn();
    render(<Harness toggle={toggle} />);
    fireEvent.keyDown(window, { code: 'KeyC', key: 'ç', altKey: true });
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it('does nothing while the person types in a field', () => {
    setPlatform('Win32');
    const toggle = vi.fn();
    const { getByLabelText } = render(<Harness toggle={toggle} />);
    const input = getByLabelText('text box');
    fireEvent.keyDown(input, { code: 'KeyZ', key: 'z' });
    fireEvent.keyDown(input, { code: 'KeyC', key: 'c' });
    expect(toggle).not.toHaveBeenCalled();
  });
});
