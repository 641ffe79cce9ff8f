import { createHash } from 'node:crypto';

export interface InlineHashes {
  /** CSP sources for the page's inline scripts and inline stylesheets, as `'sha256-…'`. */
  scripts: string[];
  styles: string[];
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The built page's own inline blocks (its first screen's stylesheet and start, scripts/first-screen.ts), allowed by
 * their hashes and nothing wider: the policy keeps `'self'` for everything else.
 */
export function inlineHashes(page: string): InlineHashes {
  const blocks = (pattern: RegExp) => [...page.matchAll(pattern)].map((match) => hash(match[1]!));
  return {
    scripts: blocks(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi),
    styles: blocks(/<style[^>]*>([\s\S]*?)<\/style>/gi),
  };
}
