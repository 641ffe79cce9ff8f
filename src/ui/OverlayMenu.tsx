import { useStores } from '../stores/context';
import type { OverlayDefinition } from '../overlays/registry';

/** A menu of drawers, each with its title and subtitle, as the account and safer-gambling drawers list them. */
export function OverlayMenu({ label, items }: { label: string; items: OverlayDefinition[] }) {
  const { overlays } = useStores();
  return (
    <nav aria-label={label}>
      <ul className="menu-list">
        {items.map((item) => (
          <li key={item.name}>
            <button type="button" onClick={() => overlays.open(item.name)}>
              <span>{item.title}</span>
              {item.subtitle && <span className="menu-list__subtitle">{item.subtitle}</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
