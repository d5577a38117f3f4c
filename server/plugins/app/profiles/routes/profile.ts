// The profile calls of docs/product.md, Calls under /api/user (docs/product.md, Profile and review): the two
// wizard steps, profile-submit and the change-* edits. Each answers 200 with the whole user, or
// 201/202 with a plain-text sentence naming what is wrong (decision record 030). A paid plan is required.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { ContactInfoBody, EducationBody, Step1Body, Step2Body, SummaryBody, TitleWebsiteBody, WorkingTimeBody } from '../../../../../shared/schemas/profile';
import { EmptyBody, MessageSchema, TextSchema, TokenBody, UserSchema } from '../../../../../shared/schemas/user';
import { errorResponses } from '../../../../../shared/schemas/common';
import { AVATAR_SIZES, IMAGE_RULES } from '../../uploads/index';
import type { Profiles } from '../index';
import { CLAIM_MESSAGES } from '../../claims/index';
import { textRefusal } from '../../../../lib/domain-error';

const tags = ['profile'];
const answers = { 200: UserSchema, 201: TextSchema, 202: TextSchema, ...errorResponses(400, 401, 403, 429, 503) };
const AVATAR_UPLOADS_PER_HOUR = 30;

export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { profiles } = fastify;
  // Scoped to these routes: only change-avatar reads multipart bodies (fastify.uploads.readOneFile).
  await fastify.register(multipart);

  const currentUser = (request: FastifyRequest) => fastify.users.presentById(request.user.id);

  /** Runs a profile change and answers the whole user; a refusal is answered by the error handler (text 201/202 for the vet's fixes). */
  const answer = async (request: FastifyRequest, work: () => Promise<void>) => {
    await work();
    return currentUser(request);
  };

  const edit = <S extends TSchema>(
    url: string,
    summary: string,
    body: S,
    section: string,
    build: (body: Static<S>) => Promise<Parameters<Profiles['save']>[2]>,
  ) => {
    fastify.post(url, {
      preHandler: fastify.requirePaidPlan,
      schema: { tags, summary, body, response: answers },
      handler: (request) => answer(request, async () => profiles.save(request.user, section, await build(request.body))),
    });
  };

  fastify.post('/setupProfileStep1', {
    preHandler: fastify.requirePaidPlan,
    schema: { tags, summary: 'Wizard step 1: contact details, address (a real US zip) and website', body: Step1Body, response: answers },
    handler: (request) =>
      answer(request, async () => {
        // A practice already listed from an import is claimed, not listed twice (docs/product.md section 20).
        const twin = await fastify.claims.unclaimedTwin(
          { phone: request.body.contact_phone, street: request.body.street, zip: request.body.zip },
          request.user.id,
        );
        if (twin) throw textRefusal(202, 'UNCLAIMED_LISTING', CLAIM_MESSAGES.listedAlready(twin));
        await profiles.saveContact(request.user, 'step1', await profiles.changes.step1(request.body), request.ip);
      }),
  });
  fastify.post('/setupProfileStep2', {
    preHandler: fastify.requirePaidPlan,
    schema: { tags, summary: 'Wizard step 2: working time, summary, education, services, species, licence', body: Step2Body, response: answers },
    handler: (request) => answer(request, async () => profiles.save(request.user, 'step2', await profiles.changes.step2(request.user.id, request.body))),
  });
  fastify.post('/profile-submit', {
    preHandler: fastify.requirePaidPlan,
    schema: { tags, summary: 'Submit the profile for review (sets submit_at); no body', body: EmptyBody, response: answers },
    handler: (request) => answer(request, () => profiles.submit(request.user)),
  });

  fastify.post('/change-contact-info', {
    preHandler: fastify.requirePaidPlan,
    schema: {
      tags,
      summary: 'Edit contact details and address; a new contact e-mail is sent a confirmation link, and a listed practice goes back to review',
      body: ContactInfoBody,
      response: answers,
    },
    handler: (request) =>
      answer(request, async () => profiles.saveContact(request.user, 'contact_info', await profiles.changes.contactInfo(request.body), request.ip)),
  });
  fastify.post('/send-contact-link', {
    preHandler: fastify.requirePaidPlan,
    schema: {
      tags,
      summary: "Send the link that confirms the profile's contact e-mail again",
      body: EmptyBody,
      response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 409, 429) },
    },
    handler: async (request) => {
      return { message: await profiles.sendContactLink(request.user, request.ip) };
    },
  });
  fastify.post('/verify-contact-email', {
    // NOTE: no session: whoever holds the e-mailed link confirms the address (docs/product.md, 5.7).
    schema: {
      tags,
      summary: "Confirm a practice's contact e-mail with the token from the link e-mailed to it",
      body: TokenBody,
      response: { 200: MessageSchema, ...errorResponses(400) },
    },
    handler: async (request) => ({ message: await profiles.confirmContactAddress(request.body.token) }),
  });
  edit('/change-workingtime', 'Edit working time and time zone', WorkingTimeBody, 'working_time', profiles.changes.workingTime);
  edit('/change-title-website', 'Edit the website title and address', TitleWebsiteBody, 'title_website', profiles.changes.titleWebsite);
  edit('/change-summary', 'Edit the summary (up to 2,000 characters)', SummaryBody, 'summary', profiles.changes.summary);
  edit('/change-education', 'Edit education', EducationBody, 'education', profiles.changes.education);

  fastify.post('/change-avatar', {
    preHandler: fastify.requirePaidPlan,
    schema: {
      tags,
      summary: 'Upload the avatar: multipart/form-data, field `avatar`; JPEG, PNG or WebP up to 5 MB, stored as WebP at 96, 256 and 512 px',
      consumes: ['multipart/form-data'],
      response: answers,
    },
    handler: async (request) => {
      const image = await fastify.uploads.readOneFile(request, {
        field: 'avatar',
        noun: 'image',
        maxBytes: IMAGE_RULES.maxBytes,
        text: 202,
        budget: { key: `avatar:${request.user.id}`, perHour: AVATAR_UPLOADS_PER_HOUR },
      });
      return answer(request, async () => {
        const previous = await profiles.find(request.user.id);
        const stored = await fastify.uploads.storeImage(image, {
          prefix: `avatars/u${request.user.id}`,
          sizes: AVATAR_SIZES,
          fit: 'cover',
          ownerId: request.user.id,
          refusal: { text: 202 },
        });
        await profiles.save(request.user, 'avatar', { avatarUrl: stored.url, avatarKey: stored.key });
        if (previous?.avatarKey) await fastify.uploads.deleteImage(previous.avatarKey);
      });
    },
  });
}
