import { ChevronRight, type LucideIcon } from 'lucide-react';

/** One row of a menu list: an icon, a title with an optional subtitle, and a chevron saying it opens something. */
export function ListRow({
  icon: Icon,
  title,
  subtitle,
  onClick,
  tone,
}: {
  icon?: LucideIcon;
  title: string;
  subtitle?: string;
  onClick: () => void;
  tone?: 'danger';
}) {
  return (
    <button type="button" className={tone ? `list-row list-row--${tone}` : 'list-row'} onClick={onClick}>
      {Icon && (
        <span className="list-row__icon" aria-hidden="true">
          <Icon />
        </span>
      )}
      <span className="list-row__text">
        <span>{title}</span>
        {subtitle && <span className="list-row__subtitle">{subtitle}</span>}
      </span>
      <ChevronRight className="list-row__chevron" aria-hidden="true" />
    </button>
  );
}
