// Importing practices from a CSV file (docs/product.md section 20), administrators only: start an import
// (or a dry run) that runs in the background, and read its progress.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ImportListAnswer, ImportStartedAnswer, ImportStatusAnswer, ImportStatusBody } from '../../../../../shared/schemas/import-claim';
import { errorResponses } from '../../../../../shared/schemas/common';
import { IMPORT_LIMITS } from '../../../../../shared/constants/import';
import { domainError } from '../../../../lib/domain-error';
import { actorOf } from '../../admin/index';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);

/** `dry_run` as a form field: yes/no words a form or curl sends. */
function dryRunValue(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  throw domainError(400, 'VALIDATION_ERROR', 'Send dry_run as true or false.', { field: 'dry_run' });
}

export default async function importRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  // Scoped to these routes: only /import reads a multipart body (fastify.uploads.readOneFile).
  await fastify.register(multipart);

  fastify.post('/import', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary:
        'Import practices from a CSV file (multipart: `file`, up to 50 MB; `dry_run` true to report without writing). Answers at once; the work runs in the background',
      consumes: ['multipart/form-data'],
      response: { 200: ImportStartedAnswer, ...errors, ...errorResponses(413) },
    },
    handler: async (request) => {
      let dryRun = false;
      let fileName = '';
      const bytes = await fastify.uploads.readOneFile(request, {
        field: 'file',
        noun: 'file',
        maxBytes: IMPORT_LIMITS.maxBytes,
        tooLarge: 'The file is larger than 50 MB. Split it into smaller files and import each.',
        onField: (name, value) => {
          if (name === 'dry_run') dryRun = dryRunValue(value);
          else if (name === 'file_name') fileName = value.replace(/[^\w .()-]/g, '').slice(0, 200);
        },
      });
      return fastify.practiceImport.start(actorOf(request), bytes, { dryRun, fileName });
    },
  });

  fastify.post('/import-status', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: "An import's progress: state, counts, the rows refused and (dry run) what each row would do",
      body: ImportStatusBody,
      response: { 200: ImportStatusAnswer, ...errors },
    },
    handler: async (request) => fastify.practiceImport.status(request.body.id),
  });

  fastify.post('/imports', {
    preHandler: fastify.requireAdmin,
    schema: {
      tags,
      summary: 'The ten most recent imports, newest first',
      body: Type.Optional(Type.Object({}, { additionalProperties: false })),
      response: { 200: ImportListAnswer, ...errors },
    },
    handler: async () => ({ data: await fastify.practiceImport.recent() }),
  });
}
