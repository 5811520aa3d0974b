import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadFloating } from './ui/floating';

afterEach(() => cleanup());

// A loaded CI machine can take more than the default second to settle a render; waits stay bounded.
configure({ asyncUtilTimeout: 5000 });

// jsdom does no layout, so it has no ResizeObserver; sizes never change there anyway.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The positioning engine is a chunk of its own in the app, fetched ahead of use; here it is loaded
// before any test, as it is once the app has been idle a moment (floating.test.ts covers the rest).
await loadFloating();
