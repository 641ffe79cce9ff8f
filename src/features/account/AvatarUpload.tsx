import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { accountKeys } from '../../api/account';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../contract/account';
import { useAccountApi } from './useAccountApi';

const UPLOAD_FAILED = 'Upload failed';
const AVATAR_RULE = 'Pictures must be PNG, JPEG or WebP, up to 2 MB.';

/** The customer's picture (or initials) with a button that uploads a new one; a refusal shows 'Upload failed'. */
export function AvatarUpload({ avatarUrl, name }: { avatarUrl: string | null; name: string }) {
  const { session } = useStores();
  const api = useAccountApi();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  // A picture that does not load (moved, offline, refused) falls back to the initial rather than a broken image.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailed(null);
    // Too big is refused here to save the upload; the type is checked by content on the server.
    if (file.size > AVATAR_MAX_BYTES) {
      setFailed('That picture is larger than 2 MB');
      return;
    }
    setBusy(true);
    try {
      await api.changeAvatar(file, file.name);
      await Promise.all([session.loadUser(), queryClient.invalidateQueries({ queryKey: accountKeys.details() })]);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : UPLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const initials = name.slice(0, 1).toUpperCase() || '?';
  return (
    <div className="avatar-upload">
      <div className="avatar-upload__picture">
        {avatarUrl && avatarUrl !== brokenUrl ? (
          <img src={avatarUrl} alt="Your picture" width={72} height={72} onError={() => setBrokenUrl(avatarUrl)} />
        ) : (
          <span aria-hidden="true" data-testid="avatar-initial">
            {initials}
          </span>
        )}
      </div>
      <button
        type="button"
        className="button button--link"
        onClick={() => inputRef.current?.click()}
        disabled={busy}
        aria-describedby={failed ? errorId : undefined}
        title={failed ? UPLOAD_FAILED : undefined}
      >
        {busy ? 'Uploading...' : 'Change picture'}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Picture file"
        onChange={(event) => void onChange(event)}
      />
      {failed && (
        <p id={errorId} className="avatar-upload__error" role="alert" title={failed}>
          {failed === UPLOAD_FAILED
            ? `${UPLOAD_FAILED}. ${AVATAR_RULE}`
            : `${UPLOAD_FAILED}. ${failed.replace(/\.$/, '')}. ${AVATAR_RULE}`}
        </p>
      )}
    </div>
  );
}
