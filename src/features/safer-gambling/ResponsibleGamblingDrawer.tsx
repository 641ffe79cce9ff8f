import type { OverlayProps } from '../../overlays/types';
import type { OverlayStore } from '../../stores/OverlayStore';
import { useStores } from '../../stores/context';
import { OverlayMenu } from '../../ui/OverlayMenu';

/** The safer-gambling tools under this drawer, in registry order. */
const responsibleGamblingItems = (overlays: Pick<OverlayStore, 'inCategory'>) =>
  overlays
    .inCategory('account_responsible-gambling')
    .filter((definition) => definition.back === 'account_responsible-gambling');

/** account_responsible-gambling: every tool with its title and subtitle. */
export default function ResponsibleGamblingDrawer(_props: OverlayProps) {
  const { overlays } = useStores();
  return <OverlayMenu label="Responsible gambling" items={responsibleGamblingItems(overlays)} />;
}
