import type { MouseEvent } from 'react';

const PRESSABLE = 'button:not(:disabled), label, input[type="checkbox"], input[type="radio"]';

/**
 * For a form's onMouseDown. Pressing a button (or a choice) with a mouse or finger first blurs the field
 * being typed in; with validation on blur its message then appears or goes, the layout moves, and the
 * button slides from under the pointer before the click lands, so the click is lost. Keeping focus where
 * it is lets the click happen; submitting validates every field anyway. Keyboard use is unaffected.
 */
export function keepFocusOnPress(event: MouseEvent): void {
  const target = event.target as Element | null;
  if (target?.closest?.(PRESSABLE)) event.preventDefault();
}
