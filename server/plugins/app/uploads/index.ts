// The uploads area as one plugin (decision record 098): `fastify.storage`, the one storage interface
// (server/storage/storage.ts, the database by default), and `fastify.uploads`: the one multipart
// reader of the calls that take a file (read-one-file.ts) and the one image pipeline (images.ts:
// checked by content, decoded once, re-encoded to WebP, one job at a time in its own line) with the
// storage bound. Routes import from this area only this file.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { databaseStorage } from '../../../storage/database-storage';
import type { FileStorage } from '../../../storage/storage';
import { storeImage, storeVariants, toWebpVariants, type ImageRefusalForm, type ImageVariant, type StoreImageOptions, type StoredImage } from './images';
import { readOneFile, type OneFile } from './read-one-file';

export { ARTICLE_IMAGES_PREFIX, AVATAR_SIZES, IMAGE_RULES, type ImageVariant, type StoredImage } from './images';
export type { OneFile };
export { sendStored } from './send-stored';

export interface Uploads {
  /** The bytes of the one file a multipart call carries in its field, or the call's refusal. */
  readOneFile(request: FastifyRequest, spec: OneFile): Promise<Buffer>;
  /** Checks, re-encodes and stores an uploaded image at each size; refused in the caller's form. */
  storeImage(bytes: Buffer, options: StoreImageOptions): Promise<StoredImage>;
  /** Checks and re-encodes an upload (nothing stored yet), for a call that decides after seeing the sizes. */
  toWebpVariants(bytes: Buffer, sizes: readonly number[], fit: 'cover' | 'inside', form?: ImageRefusalForm, maxBytes?: number): Promise<ImageVariant[]>;
  /** Stores sizes made by toWebpVariants. */
  storeVariants(variants: ImageVariant[], options: StoreImageOptions): Promise<StoredImage>;
  /** Deletes every size of a stored image (its `key`). */
  deleteImage(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
    uploads: Uploads;
  }
}

export default fp(
  async (fastify) => {
    const storage = databaseStorage(fastify.database.db);
    fastify.decorate('storage', storage);
    fastify.decorate('uploads', {
      readOneFile: (request, spec) => readOneFile(fastify.counters, request, spec),
      storeImage: (bytes, options) => storeImage(storage, bytes, options),
      toWebpVariants,
      storeVariants: (variants, options) => storeVariants(storage, variants, options),
      deleteImage: (key) => storage.deleteByPrefix(`${key}/`),
    } satisfies Uploads);
  },
  { name: 'uploads', dependencies: ['database', 'counters'] },
);

export { default as uploadRoutes } from './routes/index';
