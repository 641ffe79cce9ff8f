import { useExchange } from '../app/context';

/** Opens the Exchange Rules in the host, where the legal documents live and are kept for offline reading. */
export function RulesLink() {
  const { bridge } = useExchange();
  return (
    <button type="button" className="button button--link" onClick={() => bridge.post({ type: 'rules-requested' })}>
      Exchange Rules
    </button>
  );
}
