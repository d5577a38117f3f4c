// Avatars for demo vets, made locally: initials on a coloured circle, drawn as SVG by us and
// rendered by sharp into the same WebP sizes an uploaded avatar gets. (SVG is fine as input for
// our own art; uploads of SVG are refused by server/plugins/app/uploads/images.ts.)
import sharp from 'sharp';
import { AVATAR_SIZES, storeVariants, type ImageVariant, type StoredImage } from '../../plugins/app/uploads/images';
import type { FileStorage } from '../../storage/storage';

// Dark enough for white text at WCAG AA contrast.
const COLOURS = ['#0958d9', '#b42318', '#067647', '#6941c6', '#b54708', '#0e7090', '#c11574', '#3e4784'];

export function initialsSvg(initials: string, colour: string): Buffer {
  const text = initials
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">` +
      `<circle cx="256" cy="256" r="256" fill="${colour}"/>` +
      `<text x="256" y="256" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="200" fill="#ffffff">${text}</text>` +
      `</svg>`,
  );
}

export async function initialsAvatarVariants(first: string, last: string, index: number): Promise<ImageVariant[]> {
  const svg = initialsSvg(`${first[0] ?? ''}${last[0] ?? ''}`, COLOURS[index % COLOURS.length]!);
  return Promise.all(
    AVATAR_SIZES.map(async (size) => {
      const { data, info } = await sharp(svg).resize(size, size).webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
      return { size, width: info.width, height: info.height, bytes: data };
    }),
  );
}

export async function storeInitialsAvatar(storage: FileStorage, userId: number, first: string, last: string, index: number): Promise<StoredImage> {
  return storeVariants(storage, await initialsAvatarVariants(first, last, index), {
    prefix: `avatars/demo-u${userId}`,
    sizes: AVATAR_SIZES,
    fit: 'cover',
    ownerId: userId,
  });
}
