import { useEffect, useRef, useState } from 'react';

/** Shown once, right after turning two-step sign-in on: the codes that stand in for the phone, one use each. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="security">
      <h3 ref={headingRef} tabIndex={-1} className="security__heading">
        Two-step sign-in is on
      </h3>
      <p>
        Save these recovery codes somewhere safe, away from your phone. If you lose your phone, each code signs you in
        once instead of the app&apos;s code. <strong>They are shown only now.</strong>
      </p>
      <ul className="security__codes" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      {typeof navigator !== 'undefined' && navigator.clipboard && (
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={async () => {
            await navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy the codes'}
        </button>
      )}
      <p className="visually-hidden" role="status">
        {copied ? 'Recovery codes copied' : ''}
      </p>
      <button type="button" className="button button--primary button--block" onClick={onDone}>
        I have saved my recovery codes
      </button>
    </div>
  );
}
