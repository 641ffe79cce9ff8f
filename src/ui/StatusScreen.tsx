import { Check, CircleAlert, Info } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

const ICONS = { success: Check, error: CircleAlert, info: Info };

export interface StatusScreenProps {
  icon?: 'success' | 'error' | 'info';
  heading: string;
  children?: ReactNode;
  /** The main button; omitted when there is nothing to continue to. */
  onPrimary?: () => void;
  primaryText?: string;
  /** Shows a Cancel button when given. */
  onCancel?: () => void;
  cancelText?: string;
}

/** The generic result screen of spec 000: an icon, a heading, a text, a continue button and an optional Cancel. */
export function StatusScreen({
  icon,
  heading,
  children,
  onPrimary,
  primaryText = 'Continue',
  onCancel,
  cancelText = 'Cancel',
}: StatusScreenProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the customer was typing in is gone; moving focus to the result tells screen readers what happened.
  useEffect(() => headingRef.current?.focus(), []);
  const Icon = icon ? ICONS[icon] : undefined;
  return (
    <div className="status-screen" data-status={icon}>
      {Icon && (
        <span className={`status-screen__icon status-screen__icon--${icon}`} aria-hidden="true">
          <Icon strokeWidth={2.5} />
        </span>
      )}
      <h3 ref={headingRef} tabIndex={-1} className="status-screen__heading">
        {heading}
      </h3>
      {children && <div className="status-screen__text">{children}</div>}
      {onPrimary && (
        <button type="button" className="button button--primary button--block" onClick={onPrimary}>
          {primaryText}
        </button>
      )}
      {onCancel && (
        <button type="button" className="button button--block" onClick={onCancel}>
          {cancelText}
        </button>
      )}
    </div>
  );
}
