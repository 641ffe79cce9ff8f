/** A frame that could not start, or whose code could not load: said in the frame's place, with Try again. */
export function FrameUnavailable({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="sportsbook-frame__message" role="alert">
      <p className="sportsbook-frame__title">{text}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
