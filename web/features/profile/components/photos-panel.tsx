// /viewprofile: the vet's practice photos (up to 12): upload, caption, move and delete.
import { useState, type ChangeEvent } from 'react';
import type { Photo } from '../../../../shared/schemas/plan-features';
import { useAddPhotoMutation } from '../api/add-photo';
import { useDeletePhotoMutation } from '../api/delete-photo';
import { useMyPhotosQuery } from '../api/get-my-photos';
import { useUpdatePhotoMutation } from '../api/update-photo';
import { FormError } from '../../../components/ui/form-error';
import '../profile.css';

function PhotoCard({ photo, count }: { photo: Photo; count: number }) {
  const [caption, setCaption] = useState(photo.caption);
  const [update, { isLoading: saving }] = useUpdatePhotoMutation();
  const [remove, { isLoading: deleting }] = useDeletePhotoMutation();
  const label = `Photo ${photo.position + 1}`;
  return (
    <li>
      <img src={photo.url} alt={photo.caption || label} width={photo.width} height={photo.height} loading="lazy" />
      <div className="field">
        <label htmlFor={`caption-${photo.id}`}>Caption of {label.toLowerCase()}</label>
        <input id={`caption-${photo.id}`} maxLength={200} value={caption} onChange={(e) => setCaption(e.target.value)} />
      </div>
      <div className="actions">
        <button type="button" className="button" disabled={saving || caption === photo.caption} onClick={() => update({ id: photo.id, caption })}>
          Save caption
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Move ${label.toLowerCase()} earlier`}
          disabled={saving || photo.position === 0}
          onClick={() => update({ id: photo.id, position: photo.position - 1 })}
        >
          ←
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Move ${label.toLowerCase()} later`}
          disabled={saving || photo.position >= count - 1}
          onClick={() => update({ id: photo.id, position: photo.position + 1 })}
        >
          →
        </button>
        <button type="button" className="button" disabled={deleting} onClick={() => remove(photo.id)}>
          Delete
        </button>
      </div>
    </li>
  );
}

export function PhotosPanel() {
  const { data, isLoading } = useMyPhotosQuery();
  const [add, { isLoading: uploading }] = useAddPhotoMutation();
  const [problem, setProblem] = useState<string>();
  const photos = data?.data ?? [];
  const limit = data?.limit ?? 12;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(undefined);
    for (const file of files) {
      const answer = await add(file);
      if ('error' in answer && answer.error) {
        setProblem((answer.error as { message?: string }).message ?? 'The photo could not be uploaded.');
        break;
      }
    }
  };

  return (
    <div className="card plan-panel" id="photos">
      <h2>Practice photos</h2>
      <p className="muted">
        Up to {limit} photos of your practice, shown as a gallery on your public page. JPEG, PNG or WebP up to 5 MB each. {photos.length} of {limit} used.
      </p>
      {isLoading ? (
        <p aria-busy="true">Loading photos…</p>
      ) : (
        photos.length > 0 && (
          <ul className="photo-manager">
            {photos.map((photo) => (
              <PhotoCard key={`${photo.id}-${photo.caption}`} photo={photo} count={photos.length} />
            ))}
          </ul>
        )
      )}
      <FormError>{problem}</FormError>
      <label className={`button button-primary${photos.length >= limit || uploading ? ' disabled' : ''}`}>
        {uploading ? 'Uploading…' : 'Add photos'}
        <input
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={photos.length >= limit || uploading}
          onChange={choose}
        />
      </label>
    </div>
  );
}
