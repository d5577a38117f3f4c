// A stored file sent as itself (an uploaded image, a message's photo): shown inline, never sniffed into another
// type; how long it may be kept is the caller's (a public key never changes; a private photo only briefly).
import type { FastifyReply } from 'fastify';
import type { StoredObject } from '../../../storage/storage';

export function sendStored(reply: FastifyReply, object: StoredObject, cacheControl: string): FastifyReply {
  return reply
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', 'inline')
    .type(object.contentType)
    .send(object.bytes);
}
