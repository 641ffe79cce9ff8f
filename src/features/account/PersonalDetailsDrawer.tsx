import { useState } from 'react';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { Spinner } from '../../ui/Spinner';
import { FormAlert } from '../../ui/FormAlert';
import { PersonalDetailsView } from './PersonalDetailsView';
import { PersonalDetailsForm } from './PersonalDetailsForm';
import { useUserDetails } from './useAccountApi';
import { DETAILS_UPDATED, NO_USER_DATA } from './messages';
import './account.css';

export default function PersonalDetailsDrawer(_props: OverlayProps) {
  const { overlays } = useStores();
  const details = useUserDetails();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (details.isPending) return <Spinner />;
  if (!details.data) return <FormAlert>{NO_USER_DATA}</FormAlert>;
  const user = details.data;

  return (
    <div className="personal-details">
      <section aria-labelledby="personal-details-heading">
        <div className="section-heading">
          <h3 id="personal-details-heading">Your details</h3>
          {!editing && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              Edit
            </button>
          )}
        </div>
        {saved && <FormAlert tone="success">{DETAILS_UPDATED}</FormAlert>}
        {editing ? (
          <PersonalDetailsForm
            user={user}
            onSaved={() => {
              setEditing(false);
              setSaved(true);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <PersonalDetailsView user={user} />
        )}
      </section>
      <section aria-labelledby="password-heading" className="personal-details__section">
        <div className="section-heading">
          <h3 id="password-heading">Password</h3>
          <button
            type="button"
            className="button button--ghost"
            aria-label="Edit password"
            onClick={() => overlays.open('account_personal-details_update-password')}
          >
            Edit
          </button>
        </div>
        <p aria-label="Password hidden">••••••••</p>
      </section>
      <section aria-labelledby="delete-heading" className="personal-details__section">
        <h3 id="delete-heading">Delete account</h3>
        <p>
          You can close your account when you have no open bets and no funds in your wallet. Your records are kept as
          the law requires; your personal details are erased.
        </p>
        <button
          type="button"
          className="button button--danger"
          onClick={() => overlays.open('account_personal-details_delete-account')}
        >
          Delete account
        </button>
      </section>
    </div>
  );
}
