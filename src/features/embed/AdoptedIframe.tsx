import { useLayoutEffect, useRef, type RefObject } from 'react';

interface AdoptedIframeProps {
  /** The frame the page's start opened (earlyFrame.ts), already loading. */
  frame: HTMLIFrameElement;
  /** Pointed at the frame while it is in place, as a rendered iframe's ref would be. */
  frameRef: RefObject<HTMLIFrameElement | null>;
  className: string;
  title: string;
  hidden: boolean;
}

/**
 * The page's early frame moved into this place with `moveBefore`, which keeps its document loading where a plain move
 * would start it again. The slot has `display: contents`, so the frame lays out as a rendered one would.
 */
export function AdoptedIframe({ frame, frameRef, className, title, hidden }: AdoptedIframeProps) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const place = slot.current;
    if (!place) return;
    try {
      place.moveBefore(frame, null);
    } catch {
      // A move the browser refuses (it moves only within one document, and only what is connected) becomes a plain
      // one: the frame loads again there and says `ready` again.
      place.appendChild(frame);
    }
    frame.removeAttribute('style');
    frameRef.current = frame;
    return () => {
      if (frameRef.current === frame) frameRef.current = null;
    };
  }, [frame, frameRef]);
  useLayoutEffect(() => {
    const placed = frameRef.current;
    if (!placed) return;
    placed.className = className;
    placed.title = title;
    placed.hidden = hidden;
  }, [frame, frameRef, className, title, hidden]);
  return <div ref={slot} className="sportsbook-frame__slot" />;
}
