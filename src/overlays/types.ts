import type { RetryableLazy } from '../ui/retryableLazy';

// The overlay types live apart from the registry so that imports run one way: the registry lazy-imports every
// overlay, and every overlay imports only these types, never the registry.

export type OverlayKind = 'drawer' | 'modal' | 'iframeRedirect';
type SlideFrom = 'right' | 'left' | 'bottom';
export type OverlayCategory = 'account' | 'account_personal-details' | 'account_responsible-gambling';

export interface OverlayProps<Data = unknown> {
  /** What the opener passed: a reset code, a redirect URL, a limit to delete... */
  data?: Data;
}

export interface OverlayDefinition {
  name: string;
  kind: OverlayKind;
  title: string;
  /** Where the drawer's back arrow goes; none means it only closes. */
  back?: string;
  slide: SlideFrom;
  category?: OverlayCategory;
  /** Shown under the title, and in menu lists of the category. */
  subtitle?: string;
  component?: LazyScreen;
}

/** An overlay's screen, loaded on first use (and again after a failed load: see retryableLazy). */
type LazyScreen = RetryableLazy<OverlayProps<any>>;

/** What the overlay store needs of the registry; the app's entry point hands the registry's catalog in. */
export interface OverlayCatalog {
  /** Throws for a name or kind the catalog does not know. */
  find(name: string): OverlayDefinition;
  inCategory(category: OverlayCategory): OverlayDefinition[];
}
