import { Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';
import { OverlayFrame } from '../ui/OverlayFrame';
import { Spinner } from '../ui/Spinner';

export const OverlayHost = observer(function OverlayHost() {
  const { overlays } = useStores();
  return (
    <>
      {overlays.stack.map((entry) => {
        const Screen = entry.definition.component;
        return (
          <OverlayFrame
            key={entry.id}
            definition={entry.definition}
            onClose={() => overlays.close(entry.id)}
            onBack={entry.definition.back ? () => overlays.back(entry.id) : undefined}
          >
            <Suspense fallback={<Spinner />}>{Screen ? <Screen data={entry.data} /> : <p>This screen is not available yet.</p>}</Suspense>
          </OverlayFrame>
        );
      })}
    </>
  );
});
