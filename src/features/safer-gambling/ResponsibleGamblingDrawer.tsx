import { overlaysInCategory, type OverlayProps } from '../../overlays/registry';
import { OverlayMenu } from '../../ui/OverlayMenu';

/** The safer-gambling tools under this drawer, in registry order. */
export const responsibleGamblingItems = () => overlaysInCategory('account_responsible-gambling').filter((definition) => definition.back === 'account_responsible-gambling');

/** account_responsible-gambling: every tool with its title and subtitle. */
export default function ResponsibleGamblingDrawer(_props: OverlayProps) {
  return <OverlayMenu label="Responsible gambling" items={responsibleGamblingItems()} />;
}
