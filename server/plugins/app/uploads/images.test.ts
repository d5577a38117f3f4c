// The image pipeline under heavy files (issue 23, item 4): the pixel limit counts the bytes a pixel
// takes, a file is decoded once whatever the number of sizes, image work runs one job at a time in a
// short line that refuses when full, and password hashing is not kept waiting by it.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_MESSAGES, ImageRejected, toWebpVariants } from './images';
import { hashPassword } from '../../../lib/password';

/**
 * A PNG of one colour: a few hundred KB at most. 6300 x 6300 decodes to 119 MB in 8 bits, 238 MB in
 * 16 (over the budget); 16-bit 4000 x 4000 is 96 MB, within it, and slow to decode (0.4 s here).
 */
const heavyPng = (bits: 8 | 16, side = 6300) => {
  const image = sharp({ create: { width: side, height: side, channels: 3, background: { r: 90, g: 140, b: 200 } } });
  return (bits === 16 ? image.toColourspace('rgb16') : image).png({ compressionLevel: 9 }).toBuffer();
};
const slowPng = () => heavyPng(16, 4000);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

describe('heavy images', () => {
  it('refuses a 16-bit 6300 x 6300 PNG by its decoded size, with a sentence and without decoding it', async () => {
    const png = await heavyPng(16);
    expect(png.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const error = await refusal(toWebpVariants(png, [1600], 'inside'));
    expect(error).toBeInstanceOf(ImageRejected);
    expect(error).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', message: IMAGE_MESSAGES.tooMuchData, status: 400 });
    // Only the header was read (a decode takes seconds).
    expect(performance.now() - started).toBeLessThan(500);
    // The same pixels in 8 bits are within the budget and still accepted.
    const variants = await toWebpVariants(await heavyPng(8), [480, 1280], 'inside');
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [480, 480],
      [1280, 1280],
    ]);
  });

  it('decodes a file once however many sizes are stored', async () => {
    const png = await slowPng();
    const one = await timed(() => toWebpVariants(png, [512], 'cover'));
    const five = await timed(() => toWebpVariants(png, [64, 96, 128, 256, 512], 'cover'));
    // Decoding is most of the work: one decode per size took about three times as long (1.1 now).
    expect(five / one).toBeLessThan(2);
  });

  it('processes one image at a time, lets four wait and refuses the rest with 503 and a sentence', async () => {
    const png = await slowPng();
    const results = await Promise.all(Array.from({ length: 7 }, () => refusal(toWebpVariants(png, [256], 'inside'))));
    const busy = results.filter((r) => r instanceof ImageRejected);
    expect(busy).toHaveLength(2);
    expect(busy[0]).toMatchObject({ code: 'IMAGE_BUSY', status: 503, message: IMAGE_MESSAGES.busy });
    expect(results.filter((r) => r === undefined)).toHaveLength(5);
  });

  it('leaves password hashing free while heavy images are processed', async () => {
    const png = await slowPng();
    const uploads = Array.from({ length: 6 }, () => refusal(toWebpVariants(png, [96, 256, 512], 'cover')));
    // The decodes hold libvips' threads (sharp counts the tasks it is processing) before the hashes start.
    await expect.poll(() => sharp.counters().process, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
    const hashes: number[] = [];
    for (let i = 0; i < 5; i++) hashes.push(await timed(() => hashPassword('correct horse battery staple')));
    await Promise.all(uploads);
    hashes.sort((a, b) => a - b);
    // Before the line, six decodes held the thread pool argon2 needs: the median hash took over a
    // second (10 ms alone); now 10-100 ms on the shared 2-core machine.
    expect(hashes[2]!).toBeLessThan(500);
  });
});
