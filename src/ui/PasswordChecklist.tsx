import { passwordChecklist, type PasswordChecklist as Checklist } from '../contract/common';

const ITEMS: Array<{ key: keyof Checklist; text: string }> = [
  { key: 'length', text: '8 characters' },
  { key: 'number', text: 'At least 1 number' },
  { key: 'letter', text: 'At least 1 letter' },
];

/** The live password checklist of the specification: each rule ticks as the password meets it. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const state = passwordChecklist(password ?? '');
  return (
    <ul className="checklist" id={id} aria-label="Password requirements">
      {ITEMS.map(({ key, text }) => (
        <li
          key={key}
          className={state[key] ? 'checklist__item checklist__item--met' : 'checklist__item'}
          data-met={state[key]}
        >
          <span>{text}</span>
          <span className="visually-hidden">{state[key] ? ', done' : ', not yet'}</span>
        </li>
      ))}
    </ul>
  );
}
