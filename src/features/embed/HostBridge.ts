import { isFrameToHostMessage, type FrameToHostMessage, type HostToFrameMessage } from '../../contract/bridge';

export interface HostWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** The sportsbook's origin, from the launch URL the PAM gave; null for anything that is not http(s). */
export function frameOriginOf(launchUrl: string): string | null {
  try {
    const url = new URL(launchUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The host's end of src/contract/bridge.ts: reads only messages that come from our iframe's window and the
 * sportsbook's origin, and posts only to that origin (a navigated-away frame never receives them).
 */
export class HostBridge {
  private readonly listener = (event: MessageEvent) => {
    const frame = this.frameWindow();
    if (!frame || event.source !== frame || event.origin !== this.frameOrigin) return;
    if (isFrameToHostMessage(event.data)) this.onMessage(event.data);
  };

  constructor(
    private readonly win: HostWindow,
    readonly frameOrigin: string,
    private readonly frameWindow: () => Pick<Window, 'postMessage'> | null | undefined,
    private readonly onMessage: (message: FrameToHostMessage) => void,
  ) {
    win.addEventListener('message', this.listener);
  }

  /** Reads messages the frame sent before this bridge listened (kept by the page, earlyFrame.ts), in their order. */
  replay(events: Iterable<MessageEvent>): void {
    for (const event of events) this.listener(event);
  }

  post(message: HostToFrameMessage): void {
    this.frameWindow()?.postMessage(message, this.frameOrigin);
  }

  dispose(): void {
    this.win.removeEventListener('message', this.listener);
  }
}
