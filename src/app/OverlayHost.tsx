import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';
import { OverlayFrame } from '../ui/OverlayFrame';
import { OverlayScreen } from './OverlayScreen';

export const OverlayHost = observer(function OverlayHost() {
  const { overlays } = useStores();
  return (
    <>
      {overlays.stack.map((entry) => (
        <OverlayFrame
          key={entry.id}
          definition={entry.definition}
          onClose={() => overlays.close(entry.id)}
          onBack={entry.definition.back ? () => overlays.back(entry.id) : undefined}
        >
          <OverlayScreen definition={entry.definition} data={entry.data} />
        </OverlayFrame>
      ))}
    </>
  );
});
