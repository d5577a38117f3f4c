// The one multipart reader of the calls that take a file (the avatar, practice photos, article
// images): one file in one named form field, at most `maxBytes`, with the same plain sentences for
// every refusal. Each call registers @fastify/multipart in its own route context; the limits are
// given here, per request, so every upload reads with the same ones.
import type { FastifyRequest } from 'fastify';
import type { Counters } from '../limits/counters';
import { domainError, textRefusal, type DomainError } from '../../../lib/domain-error';
import { IMAGE_MESSAGES } from './images';

export interface OneFile {
  /** The form field that carries the file, e.g. 'photo'. */
  field: string;
  /** What the sentences call the file. */
  noun: 'image' | 'photo' | 'file' | 'document';
  /** The largest file taken (a larger one answers 413, or the call's text refusal). */
  maxBytes: number;
  /**
   * How refusals about the file are answered: JSON naming `field` (the default), or as the profile
   * calls' plain text with this status (the avatar, decision record 030). A wrong field name and a
   * body that is not multipart are JSON 400 either way.
   */
  text?: 202;
  /** Each text field of the form as it comes; throws its own refusal. Without it text fields are ignored. */
  onField?: (name: string, value: string) => void;
  /** Uploads one account may make an hour under this counter key; counted once the request is known to be multipart, before any of it is read. */
  budget?: { key: string; perHour: number };
  /** The article editor's own wording, kept as it was ('Upload one image at a time.', 'Choose an image to upload.'). */
  sentences?: { oneAtATime: string; missing: string };
  /** The refusal of a file over `maxBytes` (default: the images' sentence). */
  tooLarge?: string;
  /** The file may be left out (a message's photo): then an empty buffer comes back. */
  optional?: boolean;
  /** The longest text field (default 1,024 bytes); a longer one is refused, never cut. */
  fieldSize?: number;
}

/** At most one file and a few short text fields (the article image's `purpose`). */
const FORM_LIMITS = { files: 1, fields: 5, parts: 6, fieldSize: 1024 };
const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

const HOUR = 3_600_000;

/** The bytes of the one file in `spec.field`; every refusal is a DomainError in the call's form. */
export async function readOneFile(counters: Counters, request: FastifyRequest, spec: OneFile): Promise<Buffer> {
  const { field, noun, budget } = spec;
  if (!request.isMultipart()) throw domainError(400, 'MULTIPART_REQUIRED', `Send the ${noun} as multipart/form-data in the field '${field}'.`);
  if (budget && (await counters.hit(budget.key, HOUR)) > budget.perHour)
    throw domainError(429, 'RATE_LIMITED', 'Too many uploads in the last hour. Please try again later.');
  const refuse = (status: number, code: string, message: string): DomainError =>
    spec.text ? textRefusal(spec.text, code, message) : domainError(status, code, message, { field });
  const sentences = spec.sentences ?? {
    oneAtATime: `Please upload one ${noun} at a time.`,
    missing: `Please choose ${noun === 'image' ? 'an' : 'a'} ${noun} to upload.`,
  };
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { ...FORM_LIMITS, fileSize: spec.maxBytes, fieldSize: spec.fieldSize ?? FORM_LIMITS.fieldSize } })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw domainError(400, 'VALIDATION_ERROR', `The field '${part.fieldname}' is too long.`, { field: part.fieldname });
        spec.onField?.(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw domainError(400, 'VALIDATION_ERROR', `Send the ${noun} in the form field '${field}'.`, { field });
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(413, spec.tooLarge ? 'FILE_TOO_LARGE' : 'IMAGE_TOO_LARGE', spec.tooLarge ?? IMAGE_MESSAGES.tooLarge);
    if (code !== undefined && TOO_MANY.has(code)) throw refuse(400, 'VALIDATION_ERROR', sentences.oneAtATime);
    throw error;
  }
  if (!bytes && spec.optional) return Buffer.alloc(0);
  if (!bytes) throw refuse(400, 'VALIDATION_ERROR', sentences.missing);
  return bytes;
}
