import 'fake-indexeddb/auto';
import { afterAll, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';

// The client project's files share a worker's modules and its window (vitest.config.ts): each file starts at `/` with
// empty storage, and what its code left behind (listeners on the window, rendered trees) ends with it, so no file
// reaches into the next.
// (This file runs again for every file: the record lives on the window, wrapped once.)
type Listening = Parameters<Window['addEventListener']>;
const recorded = window as Window & { listening?: Listening[] };
if (!recorded.listening) {
  const listening: Listening[] = (recorded.listening = []);
  const add = window.addEventListener.bind(window);
  window.addEventListener = ((...args: Listening) => {
    listening.push(args);
    add(...args);
  }) as Window['addEventListener'];
}
const listening = recorded.listening!;

beforeAll(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterAll(() => {
  cleanup();
  for (const [type, listener, options] of listening.splice(0)) window.removeEventListener(type, listener, options);
  document.body.innerHTML = '';
});
