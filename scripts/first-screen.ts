import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { minifySync, type Plugin } from 'vite';
import { CookieConsentBarView } from '../src/features/shell/CookieConsentBarView.ts';
import { CONSENT_ANSWER, consentCookie } from '../src/features/shell/cookieConsent.ts';
import { startAfterFirstPaint, type FirstScreenStart } from '../src/app/startAfterFirstPaint.ts';
import { EARLY_INSTALL_OFFER } from '../src/app/pwa/earlyInstallOffer.ts';
import { EARLY_FRAME, FRAME_POLICY } from '../src/features/embed/earlyFrame.ts';
import { FRAME_ROUTE_PARAM, SPORTSBOOK_URL_META } from '../src/contract/host-page.ts';
import { TOKEN_STORAGE_KEY } from '../src/stores/tokenStorageKey.ts';

/** Past this the app starts without the paint being reported (a tab opened in the background paints nothing). */
const PAINT_CEILING_MS = 1_000;

type Resource = FirstScreenStart['resources'][number];

const TAG = /[ \t]*<(script|link)\b([^>]*)>(?:<\/script>)?\n?/g;

function attributes(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((match) => [match[1]!, match[2] ?? '']));
}

/** What one of the built page's tags becomes: the app's resources are started later, its stylesheet inlined. */
function classify(tag: string, text: string): { resource: Resource } | { stylesheet: string } | null {
  const attrs = attributes(text);
  if (tag === 'script')
    return attrs.type === 'module' && attrs.src ? { resource: { rel: 'script', href: attrs.src } } : null;
  if (!attrs.href?.startsWith('/assets/')) return null;
  if (attrs.rel === 'stylesheet') return { stylesheet: attrs.href };
  if (attrs.rel === 'modulepreload') return { resource: { rel: 'modulepreload', href: attrs.href } };
  if (attrs.rel === 'preload' && attrs.as === 'style') return { resource: { rel: 'preload-style', href: attrs.href } };
  return null;
}

/**
 * The built page with a first screen that paints from the page alone: the consent bar a first visit sees, drawn by
 * the app's own component; the app's stylesheet inlined; and the app's script and preloads asked for by an inline
 * start once that screen is painted (src/app/startAfterFirstPaint.ts). Lighthouse's estimate of the largest paint
 * then holds the page alone, not the app's bytes (docs/benchmarks.md, "The first screen from the page").
 */
export function withFirstScreen(html: string, stylesheetText: (href: string) => string): string {
  const resources: Resource[] = [];
  const page = html.replace(TAG, (whole, tag: string, text: string) => {
    const kind = classify(tag, text);
    if (!kind) return whole;
    if ('resource' in kind) {
      resources.push(kind.resource);
      return '';
    }
    const css = stylesheetText(kind.stylesheet);
    if (/<\/style/i.test(css)) throw new Error(`first screen: ${kind.stylesheet} cannot be inlined (it holds </style)`);
    return `    <style>${css}</style>\n`;
  });
  if (!resources.some((resource) => resource.rel === 'script'))
    throw new Error('first screen: the built page names no module script to start');
  if (!page.includes('<div id="root"></div>')) throw new Error('first screen: the page has no empty #root');

  const screen = renderToStaticMarkup(createElement(CookieConsentBarView));
  const start: FirstScreenStart = {
    resources,
    consentAnswer: CONSENT_ANSWER.source,
    consentCookies: {
      true: { http: consentCookie(true, false), https: consentCookie(true, true) },
      false: { http: consentCookie(false, false), https: consentCookie(false, true) },
    },
    installOfferKey: EARLY_INSTALL_OFFER,
    ceilingMs: PAINT_CEILING_MS,
    earlyFrame: {
      key: EARLY_FRAME,
      urlMeta: SPORTSBOOK_URL_META,
      routeParam: FRAME_ROUTE_PARAM,
      sessionKey: TOKEN_STORAGE_KEY,
      policy: FRAME_POLICY,
    },
  };
  // In a script, `<` is escaped so that no text of the data can end the element early; the data is written in after
  // the minifier, which would write the escape back as `<`.
  const data = JSON.stringify(start).replace(/</g, '\\u003c');
  const code = startCode().replace(DATA, () => data);
  return page.replace(
    '<div id="root"></div>',
    () => `<div id="root"><div class="app" data-first-screen>${screen}</div></div>\n    <script>${code}</script>`,
  );
}

/** Where the data goes in the minified start: a name no minifier renames or inlines, as it is not declared. */
const DATA = '__FIRST_SCREEN_START__';

/** The inline start's code, minified: it is on the first paint's path in every first visit's page. */
function startCode(): string {
  const { code, errors } = minifySync('first-screen-start.js', `(${startAfterFirstPaint.toString()})(${DATA});`, {
    compress: true,
    mangle: true,
  });
  if (errors.length > 0 || !code.includes(DATA) || /<\/script/i.test(code))
    throw new Error('first screen: the inline start did not minify to code that can stand in the page');
  return code;
}

/** The build's side of withFirstScreen: the stylesheet's text comes from the bundle. */
export function firstScreen(): Plugin {
  return {
    name: 'exsport:first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return withFirstScreen(html, (href) => {
          const asset = bundle?.[href.slice(1)];
          if (asset?.type !== 'asset') throw new Error(`first screen: the bundle has no ${href}`);
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        });
      },
    },
  };
}
