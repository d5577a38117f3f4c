// The profiles area as one plugin (fastify/demo layout, decision record 097): `fastify.profiles.<command>(...)`
// with the database, the mailer, the change announcer and the site's links bound. Routes validate,
// authorize, call a command and shape the answer; refusals are DomainErrors (text 201/202 for the
// vet's fixes, decision record 030).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type {
  ContactInfoInput,
  EducationEntry,
  ReviewProfileInput,
  ReviewQueueInput,
  Step1Input,
  Step2Input,
  TitleWebsiteInput,
  WorkingTimeInput,
} from '../../../../shared/schemas/profile';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../users/index';
import { changeBuilders, findProfile, saveProfile, step1Changes, step2Changes, submitProfile } from './profile-commands';
import { confirmContactAddress, contactLinkForSave, sendContactLink } from './contact-address';
import { decideProfileApproval, listApprovalQueue } from './profile-approval';
import { pageUrl } from '../../../../shared/routes';

type ProfileChanges = Parameters<typeof saveProfile>[4];

function profilesOf(fastify: FastifyInstance) {
  const { db } = fastify.database;
  const site = fastify.config.publicUrl;
  const links = { viewProfile: pageUrl(site, 'viewProfile'), setupProfile: pageUrl(site, 'setupProfile') };
  return {
    find: (userId: number) => findProfile(db, userId),
    /** What each wizard step and change-* call saves, checked (a DomainError when the vet must fix something). */
    changes: {
      step1: (input: Step1Input) => step1Changes(db, input, fastify.clock.now()),
      step2: async (userId: number, input: Step2Input) => step2Changes(input, await findProfile(db, userId), fastify.clock.now()),
      contactInfo: (input: ContactInfoInput) => changeBuilders.contactInfo(db, input),
      titleWebsite: (input: TitleWebsiteInput) => changeBuilders.titleWebsite(db, input),
      workingTime: (input: WorkingTimeInput) => changeBuilders.workingTime(db, input, fastify.clock.now()),
      summary: (input: { summary: string }) => changeBuilders.summary(db, input),
      education: (input: { education: EducationEntry[] }) => changeBuilders.education(db, input, fastify.clock.now()),
    },
    save: (user: UserRow, section: string, changes: ProfileChanges, within?: (tx: DbOrTx) => Promise<void>) =>
      saveProfile(db, fastify.changes, user, section, changes, fastify.clock.now(), within),
    /**
     * Saves contact details; a new contact e-mail that is not confirmed gets its link in the same
     * transaction, after the send budget allowed it (docs/product.md, 5.7).
     */
    saveContact: async (user: UserRow, section: string, changes: ProfileChanges, client: string) => {
      const before = await findProfile(db, user.id);
      const link = await contactLinkForSave(fastify, user, before, changes.contactEmail, client);
      await saveProfile(db, fastify.changes, user, section, changes, fastify.clock.now(), link);
    },
    submit: (user: UserRow) => submitProfile(db, user, fastify.clock.now()),
    sendContactLink: (user: UserRow, client: string) => sendContactLink(fastify, user, client),
    confirmContactAddress: (token: string) => confirmContactAddress(fastify, token),
    approvalQueue: (input: ReviewQueueInput) => listApprovalQueue(db, input, fastify.clock.now()),
    /** Approves or rejects a profile; the vet is e-mailed and the audit log written (docs/product.md, Profile and review). */
    decideApproval: (admin: UserRow, input: ReviewProfileInput, ip: string) =>
      decideProfileApproval(db, fastify.mailer, fastify.changes, admin, input, links, ip, fastify.clock.now()),
  };
}

export type Profiles = ReturnType<typeof profilesOf>;

declare module 'fastify' {
  interface FastifyInstance {
    profiles: Profiles;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('profiles', profilesOf(fastify));
  },
  { name: 'profiles', dependencies: ['database', 'mailer', 'listing', 'accounts', 'authenticate'] },
);

export { default as profileRoutes } from './routes/index';
