// Images for articles (docs/product.md, Articles; decision 076): covers and images in the text keep
// their shape, authors' avatars are square. They are stored under ARTICLE_IMAGES_PREFIX: they belong
// to the articles, not to the administrator who uploaded them.
import type { UploadedImage } from '../../../../shared/schemas/article-editor';
import { domainError } from '../../../lib/domain-error';
import { ARTICLE_IMAGES_PREFIX, type Uploads } from '../uploads/index';

const IMAGE_PURPOSES = {
  cover: { prefix: `${ARTICLE_IMAGES_PREFIX}cover`, size: 1600, fit: 'inside' },
  inline: { prefix: `${ARTICLE_IMAGES_PREFIX}inline`, size: 1600, fit: 'inside' },
  avatar: { prefix: `${ARTICLE_IMAGES_PREFIX}avatar`, size: 256, fit: 'cover' },
} as const;
export type ImagePurpose = keyof typeof IMAGE_PURPOSES;

// NOTE: an own-property check: `in` also finds toString, constructor and __proto__ on the prototype.
const isImagePurpose = (value: string): value is ImagePurpose => Object.hasOwn(IMAGE_PURPOSES, value);

/** The upload form's `purpose` field: cover, avatar or inline (a 400 naming the field otherwise). */
export function imagePurpose(name: string, value: string): ImagePurpose {
  if (name !== 'purpose' || !isImagePurpose(value))
    throw domainError(400, 'VALIDATION_ERROR', "Field 'purpose' must be cover, avatar or inline.", { field: 'purpose' });
  return value;
}

/** Checks, re-encodes and stores an article image at its purpose's one size; refusals name the form field 'image'. */
export async function storeArticleImage(uploads: Uploads, ownerId: number, purpose: ImagePurpose, bytes: Buffer): Promise<UploadedImage> {
  const rule = IMAGE_PURPOSES[purpose];
  const variants = await uploads.toWebpVariants(bytes, [rule.size], rule.fit, { field: 'image' });
  const stored = await uploads.storeVariants(variants, { prefix: rule.prefix, sizes: [rule.size], fit: rule.fit, ownerId });
  return { url: stored.url, width: variants[0]!.width, height: variants[0]!.height };
}
