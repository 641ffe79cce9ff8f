import { makeAutoObservable } from 'mobx';
import { isIos } from '../../lib/device';

/** Chromium's install offer; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallPromptDeps {
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
  /** An offer made before the app ran (takeEarlyInstallOffer). */
  earlyOffer?: BeforeInstallPromptEvent;
  userAgent: string;
  /** Already running as an installed app. */
  standalone: boolean;
}

/**
 * Offers to install the app: where the browser fires beforeinstallprompt we keep it and show an Install
 * button; on iOS, which has no such event, we show how to add the app to the Home Screen instead.
 */
export class InstallPrompt {
  private deferred: BeforeInstallPromptEvent | null = null;
  available = false;
  installed: boolean;

  private readonly onBeforeInstall = (event: Event) => {
    // Keep the browser's own mini-infobar away; the customer decides from our button.
    event.preventDefault();
    this.setDeferred(event as BeforeInstallPromptEvent);
  };

  private readonly onInstalled = () => this.markInstalled();

  constructor(private readonly deps: InstallPromptDeps) {
    this.installed = deps.standalone;
    makeAutoObservable<InstallPrompt, 'deferred' | 'deps' | 'onBeforeInstall' | 'onInstalled'>(this, {
      deferred: false,
      deps: false,
      onBeforeInstall: false,
      onInstalled: false,
    });
    if (deps.earlyOffer) this.setDeferred(deps.earlyOffer);
    deps.target?.addEventListener('beforeinstallprompt', this.onBeforeInstall);
    deps.target?.addEventListener('appinstalled', this.onInstalled);
  }

  private setDeferred(event: BeforeInstallPromptEvent | null): void {
    this.deferred = event;
    this.available = event !== null && !this.installed;
  }

  markInstalled(): void {
    this.installed = true;
    this.setDeferred(null);
  }

  /** iOS never offers an install prompt: Share, then Add to Home Screen. */
  get showIosInstructions(): boolean {
    return isIos(this.deps.userAgent) && !this.installed;
  }

  /** Shows the browser's dialog; the kept event can be used only once. */
  async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const event = this.deferred;
    if (!event) return 'unavailable';
    this.setDeferred(null);
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') this.markInstalled();
    return outcome;
  }

  dispose(): void {
    this.deps.target?.removeEventListener('beforeinstallprompt', this.onBeforeInstall);
    this.deps.target?.removeEventListener('appinstalled', this.onInstalled);
  }
}
