import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportPanelFailure } from '../logging/panel-failure';
import { LazyPanel } from './LazyPanel';

vi.mock('../logging/panel-failure', () => ({ reportPanelFailure: vi.fn() }));

describe('LazyPanel', () => {
  afterEach(() => vi.mocked(reportPanelFailure).mockClear());

  it('shows the panel once its code has loaded', async () => {
    const Loaded = lazy(async () => ({ default: () => <p>The panel</p> }));
    render(
      <LazyPanel name="Loaded" fallback={<p>Loading…</p>}>
        <Loaded />
      </LazyPanel>,
    );
    expect(await screen.findByText('The panel')).toBeTruthy();
    expect(reportPanelFailure).not.toHaveBeenCalled();
  });

  it('a panel whose code cannot load fails alone: it offers a reload and reports the failure', async () => {
    // React reports a caught render error on the console too; this test expects it.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const gone = new TypeError('Failed to fetch dynamically imported module: /assets/Gone-abc.js');
    const Gone = lazy(() => Promise.reject(gone));
    render(
      <main>
        <h1>The page</h1>
        <LazyPanel name="Gone" fallback={<p>Loading…</p>}>
          <Gone />
        </LazyPanel>
      </main>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('This part of the page could not load.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(reportPanelFailure).toHaveBeenCalledWith('Gone', gone);
    vi.mocked(console.error).mockRestore();
  });
});
