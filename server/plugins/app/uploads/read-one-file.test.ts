// The one multipart reader (decision record 098) as the three calls that take a file answer it: the
// avatar (text 202, decision record 030), practice photos and article images (JSON naming the field).
// Each refuses a second file, a form without a file and a file over 5 MB with its own plain sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../test/factories';
import { pngImage } from '../../../test/profile-fixtures';
import { IMAGE_MESSAGES } from './images';

let app: FastifyInstance;
let vet: Account;
let admin: Account;

beforeAll(async () => {
  app = await buildTestApp();
  vet = await createVet(app, { plan: 3 });
  admin = await createAccount(app, { stage: 'admin' });
});
afterAll(async () => {
  await app.close();
});

type Part = { name: string; value: string } | { name: string; file: Buffer };
/** A multipart/form-data body with these parts, in order. */
function form(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----readonefile${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) =>
    'file' in part
      ? [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          part.file,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)],
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const CALLS = [
  { name: 'change-avatar', url: '/api/user/change-avatar', field: 'avatar', who: () => vet },
  { name: 'photos', url: '/api/user/photos', field: 'photo', who: () => vet },
  { name: 'upload-image', url: '/api/admin/articles/upload-image', field: 'image', who: () => admin },
] as const;
const send = (call: (typeof CALLS)[number], parts: Part[]) => injectAs(app, call.who().token, { url: call.url, ...form(parts) });

describe('the one upload reader', () => {
  it('refuses two files, no file and a file over 5 MB with the sentence of each call', async () => {
    const png = await pngImage();
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const seen: Record<string, unknown[]> = {};
    for (const call of CALLS) {
      const answers = [
        await send(call, [
          { name: call.field, file: png },
          { name: call.field, file: png },
        ]),
        await send(call, [{ name: 'purpose', value: 'cover' }]),
        await send(call, [{ name: call.field, file: big }]),
      ];
      seen[call.name] = answers.map((answer) =>
        answer.headers['content-type']?.toString().startsWith('text/plain') ? [answer.statusCode, answer.body] : [answer.statusCode, answer.json()],
      );
    }
    expect(seen).toEqual({
      'change-avatar': [
        [202, 'Please upload one image at a time.'],
        [202, 'Please choose an image to upload.'],
        [202, IMAGE_MESSAGES.tooLarge],
      ],
      photos: [
        [400, { code: 'VALIDATION_ERROR', message: 'Please upload one photo at a time.', field: 'photo' }],
        [400, { code: 'VALIDATION_ERROR', message: 'Please choose a photo to upload.', field: 'photo' }],
        [413, { code: 'IMAGE_TOO_LARGE', message: IMAGE_MESSAGES.tooLarge, field: 'photo' }],
      ],
      'upload-image': [
        [400, { code: 'VALIDATION_ERROR', message: 'Upload one image at a time.', field: 'image' }],
        [400, { code: 'VALIDATION_ERROR', message: 'Choose an image to upload.', field: 'image' }],
        [413, { code: 'IMAGE_TOO_LARGE', message: IMAGE_MESSAGES.tooLarge, field: 'image' }],
      ],
    });
  });

  it('answers a file in another field, and a body that is not multipart, in JSON naming what to send', async () => {
    const png = await pngImage();
    for (const call of CALLS) {
      const noun = call.field === 'photo' ? 'photo' : 'image';
      const wrong = await send(call, [{ name: 'file', file: png }]);
      expect([wrong.statusCode, wrong.json()]).toEqual([
        400,
        { code: 'VALIDATION_ERROR', message: `Send the ${noun} in the form field '${call.field}'.`, field: call.field },
      ]);
      const json = await injectAs(app, call.who().token, { url: call.url, payload: {} });
      expect([json.statusCode, json.json()]).toEqual([
        400,
        { code: 'MULTIPART_REQUIRED', message: `Send the ${noun} as multipart/form-data in the field '${call.field}'.` },
      ]);
    }
  });

  it("checks the article image's purpose field", async () => {
    const answer = await send(CALLS[2], [
      { name: 'purpose', value: 'toString' },
      { name: 'image', file: await pngImage() },
    ]);
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { code: 'VALIDATION_ERROR', message: "Field 'purpose' must be cover, avatar or inline.", field: 'purpose' },
    ]);
  });
});
