import { Fragment, type ReactNode } from 'react';

/**
 * A label that may wrap between words and after a slash, never inside a word: "Draw/Brackwater Harriers" breaks
 * after "Draw/", not in "Brackwater".
 */
export function wrappable(label: string): ReactNode {
  const parts = label.split('/');
  if (parts.length === 1) return label;
  return parts.map((part, at) => (
    <Fragment key={at}>
      {at > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}
