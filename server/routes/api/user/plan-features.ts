// The plan feature calls under /api/user (docs/product.md section 5): photos, change-services,
// messages and statistics. A plan without the feature gets 403 with a plain sentence.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorSchema, UserSchema } from '../../../../shared/schemas/user';
import { PHOTO_LIMIT } from '../../../../shared/constants/services';
import { checkChoiceList, cleanChoiceList } from '../../../../shared/lib/profile-rules';
import {
  ChangeServicesBody,
  MessagesAnswer,
  MessagesBody,
  PhotoDeleteBody,
  PhotoListSchema,
  PhotoUpdateBody,
  StatisticsAnswer,
  StatisticsBody,
} from '../../../../shared/schemas/plan-features';
import { domainError } from '../../../lib/domain-error';
import { IMAGE_MESSAGES, IMAGE_RULES } from '../../../lib/images';
import { requireFeature } from '../../../plugins/app/plan-features/plan-access';
import { addPhoto, deletePhoto, listPhotos, updatePhoto } from '../../../plugins/app/plan-features/photos';
import { listMessages } from '../../../plugins/app/plan-features/contact';
import { readStatistics } from '../../../plugins/app/plan-features/statistics';
import { findUserById, loadPresentedUser } from '../../../plugins/app/users/user-repository';
import { noStore } from './account-answers';

const tags = ['plan features'];
const refusals = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  413: ErrorSchema,
  429: ErrorSchema,
  503: ErrorSchema,
};
const PHOTO_UPLOADS_PER_HOUR = 60;

export default async function planFeatureRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = fastify.database;
  fastify.addHook('onRequest', noStore);
  await fastify.register(multipart, { limits: { fileSize: IMAGE_RULES.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  const photos = requireFeature(fastify, 'photos');
  const photoList = async (userId: number) => ({ data: await listPhotos(db, userId), limit: PHOTO_LIMIT });

  fastify.get('/photos', {
    preHandler: photos,
    schema: { tags, summary: 'Your practice photos in gallery order', response: { 200: PhotoListSchema, ...refusals } },
    handler: async (request) => photoList(request.user.id),
  });
  fastify.post('/photos', {
    preHandler: photos,
    schema: {
      tags,
      summary: `Add a practice photo: multipart/form-data, field \`photo\`; JPEG, PNG or WebP up to 5 MB; at most ${PHOTO_LIMIT}. Answers the whole list`,
      consumes: ['multipart/form-data'],
      response: { 200: PhotoListSchema, ...refusals },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw domainError(400, 'MULTIPART_REQUIRED', "Send the photo as multipart/form-data in the field 'photo'.");
      if ((await fastify.counters.hit(`photos:${request.user.id}`, 3_600_000)) > PHOTO_UPLOADS_PER_HOUR) {
        throw domainError(429, 'RATE_LIMITED', 'Too many uploads in the last hour. Please try again later.');
      }
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'photo') {
            part.file.resume();
            throw domainError(400, 'VALIDATION_ERROR', "Send the photo in the form field 'photo'.", { field: 'photo' });
          }
          bytes = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw domainError(413, 'IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge, { field: 'photo' });
        if (code === 'FST_FILES_LIMIT') throw domainError(400, 'VALIDATION_ERROR', 'Please upload one photo at a time.', { field: 'photo' });
        throw error;
      }
      if (!bytes) throw domainError(400, 'VALIDATION_ERROR', 'Please choose a photo to upload.', { field: 'photo' });
      await addPhoto(db, fastify.changes, fastify.storage, request.user.id, bytes);
      return photoList(request.user.id);
    },
  });
  fastify.post('/photos/update', {
    preHandler: photos,
    schema: {
      tags,
      summary: 'Caption a photo and/or move it to `position` (from 0). Answers the whole list',
      body: PhotoUpdateBody,
      response: { 200: PhotoListSchema, ...refusals },
    },
    handler: async (request) => {
      const { id, caption, position } = request.body;
      await updatePhoto(db, fastify.changes, request.user.id, id, { caption, position });
      return photoList(request.user.id);
    },
  });
  fastify.post('/photos/delete', {
    preHandler: photos,
    schema: {
      tags,
      summary: 'Delete a photo and its stored sizes. Answers the whole list',
      body: PhotoDeleteBody,
      response: { 200: PhotoListSchema, ...refusals },
    },
    handler: async (request) => {
      await deletePhoto(db, fastify.changes, fastify.storage, request.user.id, request.body.id);
      return photoList(request.user.id);
    },
  });

  fastify.post('/change-services', {
    preHandler: requireFeature(fastify, 'services'),
    schema: {
      tags,
      summary: 'Set the services you offer (from the list or your own). Answers the whole user',
      body: ChangeServicesBody,
      response: { 200: UserSchema, ...refusals },
    },
    handler: async (request) => {
      // The same rule and words as setupProfileStep2 (shared/schemas/profile.ts), answered as this call's 400 (decision record 055).
      const problem = checkChoiceList(request.body.services, 'services');
      if (problem) throw domainError(400, 'VALIDATION_ERROR', problem, { field: 'services' });
      await fastify.profiles.save(request.user, 'services', { services: cleanChoiceList(request.body.services) });
      return loadPresentedUser(db, (await findUserById(db, request.user.id))!);
    },
  });

  fastify.post('/messages', {
    preHandler: requireFeature(fastify, 'contact_form'),
    schema: {
      tags,
      summary: 'Messages pet owners sent through your contact form, newest first',
      body: MessagesBody,
      response: { 200: MessagesAnswer, ...refusals },
    },
    handler: async (request) => {
      const { page, pageSize } = request.body;
      return { ...(await listMessages(fastify, request.user.id, page, pageSize)), page, pageSize };
    },
  });

  fastify.post('/statistics', {
    preHandler: requireFeature(fastify, 'statistics'),
    schema: {
      tags,
      summary: 'Your profile statistics per UTC day for the last `days` days (at most 90)',
      body: StatisticsBody,
      response: { 200: StatisticsAnswer, ...refusals },
    },
    handler: async (request) => {
      // This server's counts of the last few seconds are written first, so a vet sees them.
      await fastify.profileStats.flush();
      return { data: await readStatistics(db, request.user.id, request.body.days, fastify.clock.now()) };
    },
  });
}
