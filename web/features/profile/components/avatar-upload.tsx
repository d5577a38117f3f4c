// The avatar picker: a preview at once, then change-avatar. The browser checks type and size only
// to save a slow upload; the server decides by content (docs/product.md, Profile and review).
import { useEffect, useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useChangeAvatarMutation } from '../api/change-avatar';
import { useProfileCall } from '../use-profile-call';
import '../profile.css';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

export function AvatarUpload({ current, initials, savedToast = false }: { current: string | null; initials: string; savedToast?: boolean }) {
  const inputId = useId();
  const { run, pending } = useProfileCall();
  const [changeAvatar] = useChangeAvatarMutation();
  const [preview, setPreview] = useState<string>();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return toast.warning('Please choose a JPEG, PNG or WebP image.');
    if (file.size > MAX_BYTES) return toast.warning('The image is larger than 5 MB. Please choose a smaller file.');
    setPreview(URL.createObjectURL(file));
    const user = await run(() => changeAvatar(file).unwrap(), { savedToast });
    if (user) setPreview(undefined);
  };

  const shown = preview ?? current;
  return (
    <div className="avatar-upload">
      <div className={`avatar-preview${pending ? ' is-busy' : ''}`} aria-live="polite">
        {shown ? <img src={shown} alt="Your avatar" width={112} height={112} /> : <span aria-hidden="true">{initials}</span>}
        {pending && <span className="spinner avatar-spinner" role="status" aria-label="Uploading" />}
      </div>
      <div>
        <label htmlFor={inputId} className="button">
          {current ? 'Change photo' : 'Upload photo'}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          name="avatar"
          accept="image/jpeg,image/png,image/webp"
          disabled={pending}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <p className="muted small">JPEG, PNG or WebP, up to 5 MB. A square photo looks best.</p>
      </div>
    </div>
  );
}
