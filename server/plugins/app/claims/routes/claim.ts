// Claiming an imported practice (docs/product.md section 20): by e-mail code (JSON) or by document
// (multipart with `document`), then the code. Signed-in, verified accounts only.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ClaimAnswer, ClaimBody, ClaimVerifyAnswer, ClaimVerifyBody, type ClaimInput } from '../../../../../shared/schemas/import-claim';
import { CLAIM_DOCUMENT_MAX_BYTES } from '../../../../../shared/constants/import';
import { errorResponses, MAX_ID } from '../../../../../shared/schemas/common';
import { domainError } from '../../../../lib/domain-error';

const tags = ['doctors'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The form fields of a claim by document, checked as the JSON body is. */
function documentClaim(fields: Map<string, string>): ClaimInput {
  const id = Number((fields.get('doctor_id') ?? '').replace(/^:/, ''));
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw domainError(400, 'VALIDATION_ERROR', 'Choose the practice to claim.', { field: 'doctor_id' });
  const number = (fields.get('license_number') ?? '').trim();
  if (!number || number.length > 40 || CONTROL.test(number))
    throw domainError(400, 'VALIDATION_ERROR', 'Enter your licence number.', { field: 'license_number' });
  const state = (fields.get('license_state') ?? '').trim();
  if (!/^[A-Za-z]{2}$/.test(state))
    throw domainError(400, 'VALIDATION_ERROR', 'Enter the licence state as its two-letter code, e.g. NY.', { field: 'license_state' });
  return { doctor_id: id, method: 'document', license_number: number, license_state: state };
}

export default async function claimRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  // Scoped to these routes: a claim by document is multipart (fastify.uploads.readOneFile).
  await fastify.register(multipart);

  fastify.post('/claim', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary:
        "Claim an unclaimed practice: JSON { doctor_id, method: 'email', email, license_number, license_state } e-mails a code to an address at the practice website's domain; multipart with method 'document' and the file in `document` (PDF, JPEG or PNG up to 10 MB) waits for an administrator",
      body: { content: { 'application/json': { schema: ClaimBody }, 'multipart/form-data': { schema: {} } } },
      response: { 200: ClaimAnswer, ...errors, ...errorResponses(413) },
    },
    handler: async (request) => {
      if (!request.isMultipart()) {
        const body = request.body as ClaimInput;
        if (body.method === 'document')
          throw domainError(400, 'MULTIPART_REQUIRED', "Send a claim by document as multipart/form-data with the file in the field 'document'.", {
            field: 'document',
          });
        return fastify.claims.byEmail(request.user, body, request.ip ?? null);
      }
      const fields = new Map<string, string>();
      const bytes = await fastify.uploads.readOneFile(request, {
        field: 'document',
        noun: 'document',
        maxBytes: CLAIM_DOCUMENT_MAX_BYTES,
        tooLarge: 'The document is larger than 10 MB. Send a smaller scan or photo.',
        onField: (name, value) => fields.set(name, value),
      });
      if ((fields.get('method') ?? 'document') !== 'document')
        throw domainError(400, 'VALIDATION_ERROR', 'A claim with a file is a claim by document: send method as document.', { field: 'method' });
      return fastify.claims.byDocument(request.user, documentClaim(fields), bytes, request.ip ?? null);
    },
  });

  fastify.post('/claim-verify', {
    preHandler: fastify.requireVerified,
    schema: {
      tags,
      summary:
        'The six-digit code of a claim by e-mail (10 minutes, 5 tries); a right one transfers the practice at once and answers a new session token for it',
      body: ClaimVerifyBody,
      response: { 200: ClaimVerifyAnswer, ...errors },
    },
    handler: async (request) => fastify.claims.verify(request.user, request.body, request.ip ?? null),
  });
}
