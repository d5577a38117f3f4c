// The one image pipeline for uploads (avatars now; article images and practice photos later),
// docs/product.md, Profile and review: JPEG, PNG or WebP up to 5 MB, recognised by content (magic bytes, then
// sharp's reading of the header), never by file name or Content-Type; a pixel limit against
// decompression bombs that counts the bytes each pixel takes; decoded once, one image at a time in
// a short line of its own (apart from password hashing), and re-encoded to WebP at a few sizes with
// every metadata block dropped.
//
//   const image = await storeImage(fastify.storage, bytes, { prefix: `avatars/u${id}`, sizes: [96, 256, 512], fit: 'cover' });
//   image.url          // '/uploads/avatars/u12-x1y2z3/256.webp' (the default size)
//   image.urls[96]     // each size
//   await fastify.storage.deleteByPrefix(image.key + '/')   // when replaced
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { FileStorage } from '../../../storage/storage';
import { workQueue, WorkQueueFull } from '../../../lib/work-queue';
import { DomainError } from '../../../lib/domain-error';

export const IMAGE_RULES = {
  maxBytes: 5 * 1024 * 1024,
  /** 40 megapixels (e.g. 8000 x 5000) is more than any phone camera; beyond that is a bomb. */
  maxPixels: 40_000_000,
  /**
   * What the decoded pixels may take in memory: 40 megapixels of 8-bit RGBA. A 16-bit image counts
   * twice (a 308 KB 16-bit 6300 x 6300 PNG is 238 MB decoded and took 2.3 s to decode).
   */
  maxDecodedBytes: 160_000_000,
  /** Uploads waiting behind the one being processed; more answer 503 at once (docs/product.md, 6.6). */
  maxWaiting: 4,
  formats: ['jpeg', 'png', 'webp'] as const,
} as const;

export type ImageFormat = (typeof IMAGE_RULES.formats)[number];

export const IMAGE_MESSAGES = {
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller file.',
  empty: 'The file is empty. Please choose a JPEG, PNG or WebP image.',
  svg: 'SVG images are not accepted. Please upload a JPEG, PNG or WebP image.',
  notImage: 'This file is not a JPEG, PNG or WebP image. Please choose a photo in one of those formats.',
  unreadable: 'This image could not be read; the file may be damaged. Please choose another one.',
  tooManyPixels: `The image has too many pixels (more than ${IMAGE_RULES.maxPixels / 1_000_000} megapixels). Please upload a smaller image.`,
  tooSmall: 'The image is too small. Please upload one at least 32 pixels wide and high.',
  tooMuchData:
    'The image holds too much data for its size in pixels (it may use 16 bits per colour). Please upload a smaller image or save it with 8 bits per colour.',
  busy: 'Many images are being processed right now. Please try again in a minute.',
} as const;

type ImageRefusalCode =
  'IMAGE_TOO_LARGE' | 'IMAGE_EMPTY' | 'IMAGE_SVG' | 'IMAGE_TYPE' | 'IMAGE_UNREADABLE' | 'IMAGE_TOO_MANY_PIXELS' | 'IMAGE_TOO_SMALL' | 'IMAGE_BUSY';

/**
 * How the call that uploads the image answers a refusal: as JSON naming its form `field` (photos,
 * article images), or as the profile calls' text with `text` as status (the avatar, decision record 030).
 */
export interface ImageRefusalForm {
  field?: string;
  text?: 201 | 202;
}

/**
 * An upload refused, as the one domain error: 413 for a file over the size limit, 503 when the image
 * line is full, 400 for the rest. A busy line is no fault of the file, so it keeps the JSON shape
 * with 503 even where the call answers refusals as text.
 */
export class ImageRejected extends DomainError {
  constructor(
    override readonly code: ImageRefusalCode,
    message: string,
    readonly form: ImageRefusalForm = {},
  ) {
    const asText = form.text !== undefined && code !== 'IMAGE_BUSY';
    const status = asText ? form.text! : code === 'IMAGE_TOO_LARGE' ? 413 : code === 'IMAGE_BUSY' ? 503 : 400;
    super(status, code, message, !asText && form.field ? { field: form.field } : {}, asText ? 'text' : 'json');
  }

  /** The same refusal in the form of the call that uploaded the image. */
  answeredAs(form: ImageRefusalForm): ImageRejected {
    return new ImageRejected(this.code, this.message, form);
  }
}

/** The format the first bytes announce, or why the file is refused. */
export function sniffFormat(bytes: Buffer): ImageFormat {
  if (bytes.length === 0) throw new ImageRejected('IMAGE_EMPTY', IMAGE_MESSAGES.empty);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // NOTE: SVG is XML that can carry script; our own generated art may use it, uploads never.
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<') && head.includes('<svg'))) throw new ImageRejected('IMAGE_SVG', IMAGE_MESSAGES.svg);
  throw new ImageRejected('IMAGE_TYPE', IMAGE_MESSAGES.notImage);
}

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

/** Checks an upload by content; throws ImageRejected with a sentence for the person. */
export async function inspectImage(bytes: Buffer, maxBytes: number = IMAGE_RULES.maxBytes): Promise<ImageInfo> {
  // A call with a larger limit (a message's photo, 10 MB) has refused a larger file with its own sentence already.
  if (bytes.length > maxBytes) throw new ImageRejected('IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  const format = sniffFormat(bytes);
  let meta: Metadata;
  try {
    // Reads the header only: a bomb is measured before a single pixel is decoded.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('IMAGE_UNREADABLE', IMAGE_MESSAGES.unreadable);
  }
  if (meta.format !== format || !meta.width || !meta.height) throw new ImageRejected('IMAGE_UNREADABLE', IMAGE_MESSAGES.unreadable);
  const frames = meta.pages ?? 1;
  const pixels = meta.width * meta.height * frames;
  if (pixels > IMAGE_RULES.maxPixels) throw new ImageRejected('IMAGE_TOO_MANY_PIXELS', IMAGE_MESSAGES.tooManyPixels);
  if (pixels * bytesPerPixel(meta) > IMAGE_RULES.maxDecodedBytes) throw new ImageRejected('IMAGE_TOO_MANY_PIXELS', IMAGE_MESSAGES.tooMuchData);
  if (meta.width < 32 || meta.height < 32) throw new ImageRejected('IMAGE_TOO_SMALL', IMAGE_MESSAGES.tooSmall);
  return { format, width: meta.width, height: meta.height };
}

const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8, complex: 8, dpcomplex: 16 };

/** Bytes one decoded pixel takes: channels times the bytes of a sample (an unknown depth counts as the largest). */
function bytesPerPixel(meta: Metadata): number {
  return (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 16);
}

export interface ImageVariant {
  size: number;
  width: number;
  height: number;
  bytes: Buffer;
}

// NOTE: decoding runs on libuv's thread pool (4 threads), which argon2 shares: six large PNGs
// decoded at once held every thread and sign-ins waited seconds. One image at a time, on one libvips
// thread, leaves the pool and the other core to sign-ins; a short line waits, a longer one is refused.
sharp.concurrency(1);
const imageWork = workQueue(1, IMAGE_RULES.maxWaiting);

/**
 * Checks the upload (inspectImage), then re-encodes it to WebP at each size (the longer side for
 * 'inside', a square for 'cover'). The file is decoded once, already reduced to the largest size,
 * and every size is made from those pixels. sharp drops EXIF, GPS, ICC comments and XMP unless
 * asked to keep them; the EXIF orientation is applied first. Throws ImageRejected in the caller's `form`.
 */
export async function toWebpVariants(
  bytes: Buffer,
  sizes: readonly number[],
  fit: 'cover' | 'inside',
  form: ImageRefusalForm = {},
  maxBytes: number = IMAGE_RULES.maxBytes,
): Promise<ImageVariant[]> {
  return encodeVariants(bytes, sizes, fit, maxBytes).catch((error: unknown) => {
    throw error instanceof ImageRejected ? error.answeredAs(form) : error;
  });
}

async function encodeVariants(bytes: Buffer, sizes: readonly number[], fit: 'cover' | 'inside', maxBytes: number): Promise<ImageVariant[]> {
  await inspectImage(bytes, maxBytes);
  try {
    return await imageWork.run(async () => {
      const largest = Math.max(...sizes);
      try {
        // 'outside' keeps both sides at least `largest`, so every square crop still has its pixels.
        const decoded = await sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'error' })
          .rotate()
          .resize(largest, largest, { fit: fit === 'cover' ? 'outside' : 'inside', withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const { width, height, channels } = decoded.info;
        const variants: ImageVariant[] = [];
        for (const size of sizes) {
          const { data, info } = await sharp(decoded.data, { raw: { width, height, channels } })
            .resize(size, size, { fit, withoutEnlargement: fit === 'inside', position: 'attention' })
            .webp({ quality: 82, effort: 4 })
            .toBuffer({ resolveWithObject: true });
          variants.push({ size, width: info.width, height: info.height, bytes: data });
        }
        return variants;
      } catch {
        throw new ImageRejected('IMAGE_UNREADABLE', IMAGE_MESSAGES.unreadable);
      }
    });
  } catch (error) {
    if (error instanceof WorkQueueFull) throw new ImageRejected('IMAGE_BUSY', IMAGE_MESSAGES.busy);
    throw error;
  }
}

export interface StoredImage {
  /** The key prefix shared by every size: `${prefix}-${random}`. */
  key: string;
  /** URL of the default (middle) size. */
  url: string;
  urls: Record<number, string>;
}

export const UPLOADS_PATH = '/uploads';
/**
 * Article images (covers, author avatars, images in the text) are stored under this prefix. They
 * belong to the articles, not to the administrator who uploaded them: deleting that account keeps
 * them (docs/product.md, 6.6).
 */
export const ARTICLE_IMAGES_PREFIX = 'articles/';
export const uploadUrl = (key: string) => `${UPLOADS_PATH}/${key}`;

export interface StoreImageOptions {
  /** Key prefix naming the use and owner, e.g. `avatars/u12`. */
  prefix: string;
  sizes: readonly number[];
  fit: 'cover' | 'inside';
  ownerId?: number | null;
  /** Which size `url` points at; the middle one by default. */
  defaultSize?: number;
  /** How the uploading call answers a refusal. */
  refusal?: ImageRefusalForm;
}

/** Checks, re-encodes and stores an uploaded image; throws ImageRejected when it is refused. */
export async function storeImage(storage: FileStorage, bytes: Buffer, options: StoreImageOptions): Promise<StoredImage> {
  return storeVariants(storage, await toWebpVariants(bytes, options.sizes, options.fit, options.refusal), options);
}

/** Stores already-made variants (our own generated art goes through here, uploads through storeImage). */
export async function storeVariants(storage: FileStorage, variants: ImageVariant[], options: StoreImageOptions): Promise<StoredImage> {
  const key = `${options.prefix}-${randomBytes(6).toString('hex')}`;
  const urls: Record<number, string> = {};
  const objectKey = (variant: ImageVariant) => `${key}/${variant.size}.webp`;
  // Every size in one write: a backup or a reader never meets half an image.
  await storage.putAll(
    variants.map((variant) => ({ key: objectKey(variant), bytes: variant.bytes, contentType: 'image/webp', ownerId: options.ownerId ?? null })),
  );
  for (const variant of variants) urls[variant.size] = uploadUrl(objectKey(variant));
  const sizes = variants.map((v) => v.size);
  const defaultSize = options.defaultSize ?? sizes[Math.floor((sizes.length - 1) / 2)]!;
  return { key, url: urls[defaultSize] ?? Object.values(urls)[0]!, urls };
}

/** The sizes of a stored image from its default URL (`.../256.webp` -> every size's URL). */
export function variantUrls(defaultUrl: string | null, sizes: readonly number[]): Record<string, string> {
  if (!defaultUrl || !defaultUrl.startsWith(`${UPLOADS_PATH}/`)) return {};
  const base = defaultUrl.replace(/\/\d+\.webp$/, '');
  if (base === defaultUrl) return {};
  return Object.fromEntries(sizes.map((size) => [String(size), `${base}/${size}.webp`]));
}

export const AVATAR_SIZES = [96, 256, 512] as const;
