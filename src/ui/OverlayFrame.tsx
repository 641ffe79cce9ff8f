import { ChevronLeft, X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { OverlayDefinition } from '../overlays/types';

interface OverlayFrameProps {
  definition: OverlayDefinition;
  title?: string;
  onClose: () => void;
  onBack?: () => void;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog> makes the page inert, but Tab from its last control still leaves for the browser's own
 * toolbar before coming back; wrapping round keeps keyboard users in the drawer they are using.
 */
function keepTabInside(event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget as HTMLElement;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]') && element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
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
    dialog.addEventListener('keydown', keepTabInside);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', keepTabInside);
      if (dialog.open) dialog.close();
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  const className =
    definition.kind === 'modal'
      ? 'overlay overlay--modal'
      : `overlay overlay--drawer overlay--from-${definition.slide}`;
  return (
    <dialog ref={dialogRef} className={className} aria-labelledby={titleId} data-overlay={definition.name}>
      {/* A div, not <header>: a dialog's title bar is no second banner landmark beside the page's header */}
      <div className="overlay__header">
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
      </div>
      <div className="overlay__body">{children}</div>
    </dialog>
  );
}
