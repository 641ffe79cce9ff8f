import { RegulatoryNotice } from '../../ui/RegulatoryNotice';

/** The phone has no full footer (spec 000: non-mobile only) but keeps the regulatory content. */
export function CompactFooter() {
  return (
    <footer className="footer footer--compact" data-testid="regulatory-footer">
      <RegulatoryNotice />
    </footer>
  );
}
