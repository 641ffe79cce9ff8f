import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { headingId } from './toc';

const textOf = (node: ReactNode): string => {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node)
    return textOf((node.props as { children?: ReactNode }).children);
  return '';
};

const isExternal = (href: string | undefined) =>
  !!href && /^https?:\/\//i.test(href) && !href.startsWith(globalThis.location?.origin ?? '\0');

/** A document as React elements (no raw HTML): headings carry ids for the contents, outside links open in a new tab. */
export function MarkdownDocument({ slug, body }: { slug: string; body: string }) {
  const components: Components = {
    // The drawer's title is the document's h2 level; the document's own headings sit under it.
    h2: ({ children }) => (
      <h3 id={headingId(slug, textOf(children))} tabIndex={-1}>
        {children}
      </h3>
    ),
    h3: ({ children }) => (
      <h4 id={headingId(slug, textOf(children))} tabIndex={-1}>
        {children}
      </h4>
    ),
    h4: ({ children }) => <h5>{children}</h5>,
    a: ({ href, children }) =>
      isExternal(href) ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <a href={href}>{children}</a>
      ),
    table: ({ children }) => (
      <div className="legal__table" tabIndex={0} role="region" aria-label="Table (scrolls sideways)">
        <table>{children}</table>
      </div>
    ),
  };
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
      {body}
    </Markdown>
  );
}
