import { useStores } from '../stores/context';
import type { OverlayDefinition } from '../overlays/types';
import { ListRow } from './ListRow';
import { overlayIcon } from './overlayIcons';

/** A menu of drawers, each with its title and subtitle, as the account and safer-gambling drawers list them. */
export function OverlayMenu({ label, items }: { label: string; items: OverlayDefinition[] }) {
  const { overlays } = useStores();
  return (
    <nav aria-label={label}>
      <ul className="menu-list">
        {items.map((item) => (
          <li key={item.name}>
            <ListRow
              icon={overlayIcon(item.name)}
              title={item.title}
              subtitle={item.subtitle}
              onClick={() => overlays.open(item.name)}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
