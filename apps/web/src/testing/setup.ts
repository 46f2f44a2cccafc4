import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installConsoleGuard } from './console-guard';

// Lazy routes load their code on first use: on a busy machine that can take more than the
// default second, and a slow machine is not a failing product.
configure({ asyncUtilTimeout: 10_000 });

// Registered first so that it runs last (hooks run as a stack): after unmounting.
installConsoleGuard();

beforeEach(() => {
  // jsdom does not implement scrolling; the router's <ScrollRestoration> calls it.
  window.scrollTo = () => {};
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
