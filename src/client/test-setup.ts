import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { SIGNED_IN_COOKIE } from '../shared/signed-in-cookie';
import { loadFloating } from './ui/floating';

afterEach(() => cleanup());

// Each test's page starts as a browser that holds the session hint (api/user.ts): the mocked
// /svc/user/info answers say whether someone is logged in, as they did before the hint.
beforeEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
});

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

// jsdom has <dialog> without its methods: enough of them for the native modals (ui/ModalDialog.tsx).
// showModal and close set `open` and send `close`; Escape sends a cancelable `cancel` to the
// topmost modal, which closes it unless stopped. As in a browser, that is Escape's default action:
// it comes after the keydown's whole way (a microtask later), whoever stopped its propagation,
// unless someone prevented its default, so widgets that keep their Escape must preventDefault it.
// Focus trapping and inertness are the browser's: the journeys check those.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    this.setAttribute('open', '');
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this) >>> 0, 1);
    this.dispatchEvent(new Event('close'));
  };
  const onEscapeDone = (event: KeyboardEvent) => {
    const top = modals.at(-1);
    if (event.defaultPrevented || !top?.isConnected) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  };
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') queueMicrotask(() => onEscapeDone(event));
    },
    { capture: true },
  );
}
