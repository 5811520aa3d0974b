import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// A loaded CI machine can take more than the default second to settle a render; waits stay bounded.
configure({ asyncUtilTimeout: 5000 });

// jsdom does no layout, so it has no ResizeObserver; sizes never change there anyway.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
