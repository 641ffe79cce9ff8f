import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { overlaysInCategory, type OverlayProps } from '../../overlays/registry';

/** The safer-gambling tools under this drawer, in registry order. */
export const responsibleGamblingItems = () => overlaysInCategory('account_responsible-gambling').filter((definition) => definition.back === 'account_responsible-gambling');

/** account_responsible-gambling: every tool with its title and subtitle. */
export default observer(function ResponsibleGamblingDrawer(_props: OverlayProps) {
  const { overlays } = useStores();
  return (
    <nav aria-label="Responsible gambling">
      <ul className="menu-list">
        {responsibleGamblingItems().map((item) => (
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
});
