// An image chosen for an article (its cover or the author's avatar): a preview, an upload through
// the shared image pipeline, and a way to remove it.
import { useId, useState } from 'react';
import { failureMessage } from '../../../lib/api';
import { useUploadArticleImageMutation, type ImagePurpose } from '../api/upload-article-image';

interface ImageFieldProps {
  label: string;
  purpose: ImagePurpose;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Preview size: covers are 2:1, avatars square. */
  shape: 'cover' | 'avatar';
  /** Set when saving refused this image: marks the file control and points it at the form's message. */
  invalid?: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}

export function ImageField({ label, purpose, value, onChange, shape, invalid }: ImageFieldProps) {
  const id = useId();
  const [uploadImage, { isLoading: busy }] = useUploadArticleImageMutation();
  const [error, setError] = useState('');
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    try {
      const data = await uploadImage({ file, purpose }).unwrap();
      onChange(data.url);
    } catch (failure) {
      setError(failureMessage(failure, 'The image could not be uploaded. Try again.'));
    }
  };
  const [width, height] = shape === 'cover' ? [240, 120] : [72, 72];
  return (
    <div className={`image-field image-field-${shape}`}>
      <span className="image-field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-field-row">
        {value ? (
          <img className="image-field-preview" src={value} alt="" width={width} height={height} />
        ) : (
          <span className="image-field-preview image-field-empty" style={{ width, height }} aria-hidden="true" />
        )}
        <div className="image-field-actions">
          <label className="button" htmlFor={`${id}-file`}>
            {busy ? 'Uploading…' : value ? 'Replace image' : 'Upload image'}
          </label>
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-labelledby={`${id}-label`}
            disabled={busy}
            {...invalid}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {value && (
            <button type="button" className="button button-quiet" onClick={() => onChange(null)}>
              Remove
            </button>
          )}
        </div>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
