/** Why a form's button is off, listed under it (give the button `aria-describedby={id}`): never a silent grey button. */
export function FormBlockers({ id, blockers, testId }: { id: string; blockers: string[]; testId?: string }) {
  if (!blockers.length) return null;
  return (
    <div className="form__blockers" id={id} data-testid={testId} aria-live="polite">
      {blockers.map((blocker) => (
        <p key={blocker}>{blocker}</p>
      ))}
    </div>
  );
}
