// The plan feature calls under /api/user (docs/product.md section 5): photos, change-services,
// messages and statistics. A plan without the feature gets 403 with a plain sentence.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { UserSchema } from '../../../../../shared/schemas/user';
import { errorResponses } from '../../../../../shared/schemas/common';
import { PHOTO_LIMIT } from '../../../../../shared/constants/services';
import { checkChoiceList, cleanChoiceList } from '../../../../../shared/lib/profile-rules';
import {
  ChangeServicesBody,
  MessagesAnswer,
  MessagesBody,
  PhotoDeleteBody,
  PhotoListSchema,
  PhotoUpdateBody,
  StatisticsAnswer,
  StatisticsBody,
} from '../../../../../shared/schemas/plan-features';
import { domainError } from '../../../../lib/domain-error';
import { IMAGE_RULES } from '../../uploads/index';
import { noStore } from '../../../../lib/http-cache';

const tags = ['plan features'];
const refusals = errorResponses(400, 401, 403, 404, 409, 413, 429, 503);
const PHOTO_UPLOADS_PER_HOUR = 60;

export default async function planFeatureRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { planFeatures } = fastify;
  fastify.addHook('onRequest', noStore);
  // Only POST /photos reads multipart bodies (fastify.uploads.readOneFile).
  await fastify.register(multipart);

  const photos = planFeatures.requireFeature('photos');
  const photoList = async (userId: number) => ({ data: await planFeatures.photos.list(userId), limit: PHOTO_LIMIT });

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
      const bytes = await fastify.uploads.readOneFile(request, {
        field: 'photo',
        noun: 'photo',
        maxBytes: IMAGE_RULES.maxBytes,
        budget: { key: `photos:${request.user.id}`, perHour: PHOTO_UPLOADS_PER_HOUR },
      });
      await planFeatures.photos.add(request.user.id, bytes);
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
      await planFeatures.photos.update(request.user.id, id, { caption, position });
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
      await planFeatures.photos.remove(request.user.id, request.body.id);
      return photoList(request.user.id);
    },
  });

  fastify.post('/change-services', {
    preHandler: planFeatures.requireFeature('services'),
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
      return fastify.users.presentById(request.user.id);
    },
  });

  fastify.post('/messages', {
    preHandler: planFeatures.requireFeature('contact_form'),
    schema: {
      tags,
      summary: 'Messages pet owners sent through your contact form, newest first',
      body: MessagesBody,
      response: { 200: MessagesAnswer, ...refusals },
    },
    handler: async (request) => {
      const { page, pageSize } = request.body;
      return { ...(await planFeatures.messages(request.user.id, page, pageSize)), page, pageSize };
    },
  });

  fastify.post('/statistics', {
    preHandler: planFeatures.requireFeature('statistics'),
    schema: {
      tags,
      summary: 'Your profile statistics per UTC day for the last `days` days (at most 90)',
      body: StatisticsBody,
      response: { 200: StatisticsAnswer, ...refusals },
    },
    handler: async (request) => {
      // This server's counts of the last few seconds are included, so a vet sees them.
      return { data: await planFeatures.statistics(request.user.id, request.body.days) };
    },
  });
}
