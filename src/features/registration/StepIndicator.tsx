const STEPS = ['Email', 'Password', 'Personal details'];

/** Three circles: done, current, to come. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <ol className="step-indicator" aria-label="Registration steps">
      {STEPS.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={label} className={`step-indicator__step step-indicator__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="step-indicator__circle" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className="visually-hidden">
              {`Step ${index + 1}: ${label}${state === 'done' ? ', done' : state === 'current' ? ', current' : ''}`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
