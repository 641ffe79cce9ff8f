import { isHostToFrameMessage, type FrameToHostMessage, type HostToFrameMessage } from '../../contract/bridge';

export interface FrameWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * The host's origin: the embedding page as the browser reports it (ancestorOrigins, which a page cannot forge),
 * else the referrer's origin. The frame service's `frame-ancestors` policy decides who may embed us at all.
 */
export function hostOriginOf(location: { ancestorOrigins?: ArrayLike<string> }, referrer: string): string | null {
  const ancestor =
    location.ancestorOrigins && location.ancestorOrigins.length > 0 ? location.ancestorOrigins[0] : undefined;
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    return referrer ? new URL(referrer).origin : null;
  } catch {
    return null;
  }
}

/** The frame's end of src/contract/bridge.ts: posts only to the host's origin, reads only messages from it. */
export class FrameBridge {
  private readonly listener = (event: MessageEvent) => {
    if (!this.hostOrigin || event.origin !== this.hostOrigin || event.source !== (this.win.parent as unknown)) return;
    if (isHostToFrameMessage(event.data)) this.onMessage(event.data);
  };

  constructor(
    private readonly win: FrameWindow,
    readonly hostOrigin: string | null,
    private readonly onMessage: (message: HostToFrameMessage) => void,
  ) {
    win.addEventListener('message', this.listener);
  }

  /** True when the frame is embedded by a host it can talk to. */
  get embedded(): boolean {
    return this.hostOrigin !== null && this.win.parent !== null && (this.win.parent as unknown) !== this.win;
  }

  post(message: FrameToHostMessage): void {
    if (this.embedded) this.win.parent!.postMessage(message, this.hostOrigin!);
  }

  dispose(): void {
    this.win.removeEventListener('message', this.listener);
  }
}
