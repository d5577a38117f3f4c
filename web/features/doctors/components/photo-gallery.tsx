// The practice photos on a public profile: a grid of fixed-size, lazily loaded thumbnails, each
// opening the large size (decisions.md section 5).
import type { Photo } from '../../../../shared/schemas/plan-features';

export function PhotoGallery({ photos, clinic }: { photos: Photo[]; clinic: string }) {
  if (photos.length === 0) return null;
  return (
    <div className="card">
      <h2>Photos</h2>
      <ul className="photo-gallery">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <figure>
              <a href={photo.urls['1280'] ?? photo.url} target="_blank" rel="noopener">
                <img
                  src={photo.url}
                  alt={photo.caption || `${clinic}, photo ${index + 1}`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                />
              </a>
              {photo.caption && <figcaption>{photo.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
