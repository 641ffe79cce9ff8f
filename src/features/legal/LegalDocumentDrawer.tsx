import { useEffect, useState, type MouseEvent } from 'react';
import { format } from 'date-fns';
import { useStores } from '../../stores/context';
import { errorMessage } from '../../api/http';
import { DATE_FORMAT } from '../../lib/dates';
import { Spinner } from '../../ui/Spinner';
import type { ShownDocument } from './ContentStore';
import { MarkdownDocument } from './MarkdownDocument';
import { tableOfContents } from './toc';
import { statedDate } from './statedDate';
import './legal.css';

const SAVED_FORMAT = `${DATE_FORMAT} HH:mm`;

function scrollToHeading(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  // Moving within the drawer must not change the address (which could be /terms, a real route).
  event.preventDefault();
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

function LegalDocument({ slug }: { slug: string }) {
  const { content } = useStores();
  const [shown, setShown] = useState<ShownDocument | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setShown(null);
    setError(null);
    content
      .open(slug, (next) => {
        if (live) setShown(next);
      })
      .catch((failure: unknown) => {
        if (live) setError(errorMessage(failure));
      });
    return () => {
      live = false;
    };
  }, [content, slug]);

  if (!shown) {
    return error ? (
      <p className="alert alert--error" role="alert">
        {error}
      </p>
    ) : (
      <Spinner />
    );
  }
  const { document: doc, offline } = shown;
  const toc = tableOfContents(slug, doc.body);
  const stated = statedDate(doc.body);
  return (
    <article className="legal" data-testid="legal-document" data-version={doc.version}>
      {offline && (
        <p className="alert alert--info legal__saved" role="status" data-testid="saved-copy-note">
          Saved copy from {format(doc.savedAt, SAVED_FORMAT)} — you are offline
        </p>
      )}
      <p className="legal__meta">
        Version {doc.version},{' '}
        {stated ? `last updated ${stated}` : `updated ${format(new Date(doc.updatedAt), DATE_FORMAT)}`}
      </p>
      {toc.length > 1 && (
        <nav className="legal__toc" aria-label="Contents">
          <h3 className="legal__toc-title">Contents</h3>
          <ul>
            {toc.map((entry) => (
              <li key={entry.id} className={entry.level === 3 ? 'legal__toc-part' : undefined}>
                <a href={`#${entry.id}`} onClick={(event) => scrollToHeading(event, entry.id)}>
                  {entry.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <MarkdownDocument slug={slug} body={doc.body} />
    </article>
  );
}

/** The screen of every legal and help drawer; the registry names the document (the overlay's name is its slug). */
export default LegalDocument;
