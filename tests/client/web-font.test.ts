import { describe, expect, it } from 'vitest';
import { webFontWhenCached } from '../../src/app/webFont';

describe('the web font on a first visit and after', () => {
  it('a first visit, with no service worker in control yet, keeps the system font', () => {
    const root = document.createElement('html');
    webFontWhenCached(root, { controller: null });
    expect(root.dataset.webFont).toBeUndefined();
  });

  it('a browser with no service worker at all keeps the system font', () => {
    const root = document.createElement('html');
    webFontWhenCached(root, undefined);
    expect(root.dataset.webFont).toBeUndefined();
  });

  it('a visit the service worker serves, which holds the font, uses Inter', () => {
    const root = document.createElement('html');
    webFontWhenCached(root, { controller: {} as ServiceWorker });
    expect(root.dataset.webFont).toBe('inter');
  });
});
