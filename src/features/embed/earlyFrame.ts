/**
 * The sportsbook frame the page's inline start opens for a signed-out `/` before the app has run
 * (src/app/startAfterFirstPaint.ts), hidden until the app moves it into its box with `moveBefore`, which keeps a
 * frame's document where a plain move would reload it. The frame's page and script then load beside the app's own
 * instead of after its first render (docs/sportsbook.md, "The first load"). No imports: the build's config reads it.
 */

/** What every embedded frame may do and send, the page's early one as the app's own (EmbeddedFrame). */
export const FRAME_POLICY = { allow: 'clipboard-write', referrerPolicy: 'strict-origin-when-cross-origin' } as const;

/** The window property the page's start keeps the frame in until the app takes it. */
export const EARLY_FRAME = 'exsportEarlyFrame';

/** What the page's start leaves for the app. */
export interface EarlyFrame {
  frame: HTMLIFrameElement;
  /** Stops keeping the frame's messages and hands over those it sent before the app listened (its `ready`). */
  takeMessages(): MessageEvent[];
  /** Set once the app has the frame: a second take (React's StrictMode runs an initialiser twice) gets it again. */
  taken?: boolean;
}

/** What the page's start is told by the build, to open the frame only where the app would open the same one. */
export interface EarlyFrameStart {
  key: string;
  /** The meta the PAM writes the signed-out frame's address into (src/contract/host-page.ts). */
  urlMeta: string;
  /** The host address's parameter for a deep link into the frame: the app opens that route, not `/`. */
  routeParam: string;
  /** The session storage key of a signed-in visitor's token: the app launches that visitor's frame signed in. */
  sessionKey: string;
  policy: typeof FRAME_POLICY;
}

type PageWindow = Window & Partial<Record<typeof EARLY_FRAME, EarlyFrame>>;

/** The frame the page opened at `url`, for the app to move into place; null when there is none to take. */
export function takeEarlyFrame(url: string, win: Window = window): EarlyFrame | null {
  const early = (win as PageWindow)[EARLY_FRAME];
  if (!early || !early.frame.isConnected || early.frame.getAttribute('src') !== url) return null;
  early.taken = true;
  return early;
}

/** A frame the page opened that the app did not take (the visitor signed in meanwhile, or went elsewhere) goes. */
export function discardEarlyFrame(win: Window = window): void {
  const early = (win as PageWindow)[EARLY_FRAME];
  if (!early || early.taken) return;
  early.takeMessages();
  early.frame.remove();
  delete (win as PageWindow)[EARLY_FRAME];
}
