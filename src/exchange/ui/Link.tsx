import type { ReactNode } from 'react';
import { useExchange } from '../app/context';

/** A link inside the frame: a real address for the keyboard and new tabs, moved through the frame's router. */
export function Link({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const { router } = useExchange();
  return (
    <a
      href={to}
      className={className}
      aria-current={router.path === to ? 'page' : undefined}
      onClick={(click) => {
        if (click.metaKey || click.ctrlKey || click.shiftKey) return;
        click.preventDefault();
        router.go(to);
      }}
    >
      {children}
    </a>
  );
}
