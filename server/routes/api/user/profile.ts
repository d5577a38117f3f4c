// The profile calls of docs/product.md, Calls under /api/user (docs/product.md, Profile and review): the two
// wizard steps, profile-submit and the change-* edits. Each answers 200 with the whole user, or
// 201/202 with a plain-text sentence naming what is wrong (decision record 030). A paid plan is required.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { ContactInfoBody, EducationBody, Step1Body, Step2Body, SummaryBody, TitleWebsiteBody, WorkingTimeBody } from '../../../../shared/schemas/profile';
import { EmptyBody, ErrorSchema, MessageSchema, TextSchema, TokenBody, UserSchema } from '../../../../shared/schemas/user';
import { httpError, sendText } from '../../../lib/http-error';
import { AVATAR_SIZES, IMAGE_MESSAGES, IMAGE_RULES, ImageRejected, storeImage } from '../../../lib/images';
import {
  changeBuilders,
  findProfile,
  ProfileProblem,
  saveProfile,
  step1Changes,
  step2Changes,
  submitProfile,
} from '../../../plugins/app/profiles/profile-commands';
import { findUserById, loadPresentedUser } from '../../../plugins/app/users/user-repository';
import { confirmContactAddress, contactLinkForSave, sendContactLink } from '../../../plugins/app/profiles/contact-address';
import { answerAccountError } from './account-answers';

const tags = ['profile'];
const answers = { 200: UserSchema, 201: TextSchema, 202: TextSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema };
const AVATAR_UPLOADS_PER_HOUR = 30;

export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  const fastify = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = fastify.database;
  // Scoped to these routes: only change-avatar reads multipart bodies, one file of at most 5 MB.
  await fastify.register(multipart, { limits: { fileSize: IMAGE_RULES.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  const currentUser = async (request: FastifyRequest) => loadPresentedUser(db, (await findUserById(db, request.user.id))!);

  /** Runs a profile change; a ProfileProblem becomes the spec's text answer. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, work: () => Promise<void>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      if (error instanceof ProfileProblem) return void sendText(reply, error.status, error.message);
      if (error instanceof ImageRejected) {
        // A busy image line is no fault of the file: the JSON error shape with 503, not the text refusal.
        if (error.status === 503) throw httpError(503, error.code, error.message);
        return void sendText(reply, 202, error.message);
      }
      return answerAccountError(reply, error);
    }
    await reply.status(200).send(await currentUser(request));
  };

  const edit = <S extends TSchema>(
    url: string,
    summary: string,
    body: S,
    section: string,
    build: (body: Static<S>) => Promise<Parameters<typeof saveProfile>[4]>,
  ) => {
    fastify.post(url, {
      preHandler: fastify.requirePaidPlan,
      schema: { tags, summary, body, response: answers },
      handler: (request, reply) => answer(request, reply, async () => saveProfile(db, fastify.changes, request.user, section, await build(request.body))),
    });
  };

  /** Saves contact details; a new contact e-mail that is not confirmed gets its link in the same transaction (docs/product.md, 5.7). */
  const saveContact = async (request: FastifyRequest, section: string, changes: Parameters<typeof saveProfile>[4]) => {
    const before = await findProfile(db, request.user.id);
    const link = await contactLinkForSave(fastify, request.user, before, changes.contactEmail, request.ip);
    await saveProfile(db, fastify.changes, request.user, section, changes, link);
  };

  fastify.post('/setupProfileStep1', {
    preHandler: fastify.requirePaidPlan,
    schema: { tags, summary: 'Wizard step 1: contact details, address (a real US zip) and website', body: Step1Body, response: answers },
    handler: (request, reply) => answer(request, reply, async () => saveContact(request, 'step1', await step1Changes(db, request.body))),
  });
  fastify.post('/setupProfileStep2', {
    preHandler: fastify.requirePaidPlan,
    schema: { tags, summary: 'Wizard step 2: working time, summary, education, services, species, licence', body: Step2Body, response: answers },
    handler: (request, reply) =>
      answer(request, reply, async () =>
        saveProfile(db, fastify.changes, request.user, 'step2', step2Changes(request.body, await findProfile(db, request.user.id))),
      ),
  });
  fastify.post('/profile-submit', {
    preHandler: fastify.requirePaidPlan,
    schema: { tags, summary: 'Submit the profile for review (sets submit_at); no body', body: EmptyBody, response: answers },
    handler: (request, reply) => answer(request, reply, () => submitProfile(db, request.user)),
  });

  fastify.post('/change-contact-info', {
    preHandler: fastify.requirePaidPlan,
    schema: {
      tags,
      summary: 'Edit contact details and address; a new contact e-mail is sent a confirmation link, and a listed practice goes back to review',
      body: ContactInfoBody,
      response: answers,
    },
    handler: (request, reply) => answer(request, reply, async () => saveContact(request, 'contact_info', await changeBuilders.contactInfo(db, request.body))),
  });
  fastify.post('/send-contact-link', {
    preHandler: fastify.requirePaidPlan,
    schema: {
      tags,
      summary: "Send the link that confirms the profile's contact e-mail again",
      body: EmptyBody,
      response: { 200: MessageSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
    },
    handler: async (request, reply) => {
      try {
        return { message: await sendContactLink(fastify, request.user, request.ip) };
      } catch (error) {
        return answerAccountError(reply, error);
      }
    },
  });
  fastify.post('/verify-contact-email', {
    // NOTE: no session: whoever holds the e-mailed link confirms the address (docs/product.md, 5.7).
    schema: {
      tags,
      summary: "Confirm a practice's contact e-mail with the token from the link e-mailed to it",
      body: TokenBody,
      response: { 200: MessageSchema, 400: ErrorSchema },
    },
    handler: async (request) => ({ message: await confirmContactAddress(fastify, request.body.token) }),
  });
  edit('/change-workingtime', 'Edit working time and time zone', WorkingTimeBody, 'working_time', (body) => changeBuilders.workingTime(db, body));
  edit('/change-title-website', 'Edit the website title and address', TitleWebsiteBody, 'title_website', (body) => changeBuilders.titleWebsite(db, body));
  edit('/change-summary', 'Edit the summary (up to 2,000 characters)', SummaryBody, 'summary', (body) => changeBuilders.summary(db, body));
  edit('/change-education', 'Edit education', EducationBody, 'education', (body) => changeBuilders.education(db, body));

  fastify.post('/change-avatar', {
    preHandler: fastify.requirePaidPlan,
    schema: {
      tags,
      summary: 'Upload the avatar: multipart/form-data, field `avatar`; JPEG, PNG or WebP up to 5 MB, stored as WebP at 96, 256 and 512 px',
      consumes: ['multipart/form-data'],
      response: answers,
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw httpError(400, 'MULTIPART_REQUIRED', "Send the image as multipart/form-data in the field 'avatar'.");
      const uploads = await fastify.counters.hit(`avatar:${request.user.id}`, 3_600_000);
      if (uploads > AVATAR_UPLOADS_PER_HOUR) throw httpError(429, 'RATE_LIMITED', 'Too many uploads in the last hour. Please try again later.');
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'avatar') {
            part.file.resume();
            throw httpError(400, 'VALIDATION_ERROR', "Send the image in the form field 'avatar'.", { field: 'avatar' });
          }
          bytes = await part.toBuffer();
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return void sendText(reply, 202, IMAGE_MESSAGES.tooLarge);
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') return void sendText(reply, 202, 'Please upload one image at a time.');
        throw error;
      }
      if (!bytes) return void sendText(reply, 202, 'Please choose an image to upload.');
      const image = bytes;
      return answer(request, reply, async () => {
        const previous = await findProfile(db, request.user.id);
        const stored = await storeImage(fastify.storage, image, {
          prefix: `avatars/u${request.user.id}`,
          sizes: AVATAR_SIZES,
          fit: 'cover',
          ownerId: request.user.id,
        });
        await saveProfile(db, fastify.changes, request.user, 'avatar', { avatarUrl: stored.url, avatarKey: stored.key });
        if (previous?.avatarKey) await fastify.storage.deleteByPrefix(`${previous.avatarKey}/`);
      });
    },
  });
}
