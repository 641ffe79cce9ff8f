const STEPS = ['Email', 'Password', 'Personal details'];

/** Three labelled circles: done, current, to come (current past the last: all done); a change of step is announced. */
export function StepIndicator({ current }: { current: number }) {
  const step = Math.min(current, STEPS.length - 1);
  const allDone = current >= STEPS.length;
  return (
    <>
      <p className="visually-hidden" aria-live="polite" data-testid="step-announcement">
        {`Step ${step + 1} of ${STEPS.length}: ${STEPS[step]}${allDone ? ', done' : ''}`}
      </p>
      <ol className="step-indicator" aria-label="Registration steps">
        {STEPS.map((label, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`step-indicator__step step-indicator__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="step-indicator__circle" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="step-indicator__label" aria-hidden="true">
                {label}
              </span>
              <span className="visually-hidden">
                {`Step ${index + 1}: ${label}${state === 'done' ? ', done' : state === 'current' ? ', current' : ''}`}
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
