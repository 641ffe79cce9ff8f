import { ChevronLeft, X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { OverlayDefinition } from '../overlays/registry';

interface OverlayFrameProps {
  definition: OverlayDefinition;
  title?: string;
  onClose: () => void;
  onBack?: () => void;
  children: ReactNode;
}

/**
 * A drawer or modal on the native <dialog>: showModal() makes the page behind inert, keeps focus inside
 * and closes on Escape; focus goes back to whatever opened it.
 */
export function OverlayFrame({ definition, title, onClose, onBack, children }: OverlayFrameProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal?.();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  const className = definition.kind === 'modal' ? 'overlay overlay--modal' : `overlay overlay--drawer overlay--from-${definition.slide}`;
  return (
    <dialog ref={dialogRef} className={className} aria-labelledby={titleId} data-overlay={definition.name}>
      <header className="overlay__header">
        {onBack && (
          <button type="button" className="icon-button" onClick={onBack} aria-label="Back">
            <ChevronLeft aria-hidden="true" />
          </button>
        )}
        <h2 id={titleId} className="overlay__title">
          {title ?? definition.title}
        </h2>
        <button type="button" className="icon-button overlay__close" onClick={onClose} aria-label="Close">
          <X aria-hidden="true" />
        </button>
      </header>
      <div className="overlay__body">{children}</div>
    </dialog>
  );
}
