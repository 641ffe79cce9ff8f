import type { ReactNode } from 'react';

/**
 * A grey placeholder while something loads, named in words inside it: aria-label is not allowed on a div without a role
 * (axe's aria-prohibited-attr), and a placeholder is gone within a second, so a scan failed only when it caught one.
 */
export function LoadingPlaceholder({
  label,
  className = 'skeleton skeleton--card',
  children,
}: {
  label: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}
