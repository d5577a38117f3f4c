// The e-mails the product sends: plain text and HTML, readable on a phone, with one brand.
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import type { MailAttachment } from '../../../db/schema';
import { escapeHtml } from '../../../lib/escape-html';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  params: Record<string, string>;
  /** Files sent with the message (an appointment's .ics invitation); kept in the outbox row with it. */
  attachments?: MailAttachment[];
}

export function layout(title: string, body: string, footer = ''): string {
  return `<!doctype html><html><body style="margin:0;background:#f7f8fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb;font-size:20px;font-weight:bold;color:#0958d9">${PRODUCT_NAME}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.6"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${footer || `You receive this e-mail because of an action on ${PRODUCT_NAME}.`}</td></tr>
</table></td></tr></table></body></html>`;
}

export const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#0958d9;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(label)}</a></p>`;

export function verificationEmail(firstName: string, link: string): MailContent {
  return {
    subject: `Verify your e-mail for ${PRODUCT_NAME}`,
    text: `Hello ${firstName},\n\nPlease confirm your e-mail address to finish creating your ${PRODUCT_NAME} account:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.\n\n${PRODUCT_NAME}`,
    html: layout(
      'Confirm your e-mail address',
      `<p>Hello ${escapeHtml(firstName)},</p><p>Please confirm your e-mail address to finish creating your account.</p>${button(link, 'Verify my e-mail')}<p style="font-size:14px;color:#4b5563">Or open this link: <br><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a></p><p style="font-size:14px;color:#4b5563">The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.</p>`,
    ),
    params: { link, to_name: firstName },
  };
}

/**
 * A code e-mail. Newsletter mail carries the unsubscribe page (which asks before unsubscribing) in
 * its text, and the one-click URL for RFC 8058's List-Unsubscribe headers (mail/transports.ts).
 */
export function codeEmail(kind: 'password_reset' | 'newsletter', code: string, unsubscribe?: { page: string; oneClick: string }): MailContent {
  const unsubscribeLink = unsubscribe?.page;
  const reset = kind === 'password_reset';
  const subject = reset ? `Your ${PRODUCT_NAME} password reset code` : `Confirm your ${PRODUCT_NAME} newsletter subscription`;
  const intro = reset ? 'Use this code to reset your password:' : 'Use this code to confirm your newsletter subscription:';
  const unsubscribeText = unsubscribeLink ? `\n\nUnsubscribe: ${unsubscribeLink}` : '';
  return {
    subject,
    text: `${intro}\n\n${code}\n\nThe code expires in 10 minutes. If you did not ask for it, ignore this e-mail.${unsubscribeText}\n\n${PRODUCT_NAME}`,
    html: layout(
      reset ? 'Reset your password' : 'Confirm your subscription',
      `<p>${intro}</p><p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${code}</p><p style="font-size:14px;color:#4b5563">The code expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p>`,
      unsubscribeLink ? `Don't want these e-mails? <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe</a>.` : '',
    ),
    params: { code, ...(unsubscribe ? { unsubscribe_link: unsubscribe.page, list_unsubscribe: unsubscribe.oneClick } : {}) },
  };
}

/** Review decisions (docs/product.md, Profile and review): the vet hears either way. */
export function profileApprovedEmail(firstName: string, link: string): MailContent {
  return {
    subject: `Your ${PRODUCT_NAME} profile is approved`,
    text: `Hello ${firstName},\n\nGood news: your profile was approved and is now listed. Pet owners can find your practice in search.\n\nSee your profile: ${link}\n\n${PRODUCT_NAME}`,
    html: layout(
      'Your profile is approved',
      `<p>Hello ${escapeHtml(firstName)},</p><p>Good news: your profile was approved and is now listed. Pet owners can find your practice in search.</p>${button(link, 'See your profile')}`,
    ),
    params: { link, to_name: firstName },
  };
}

export function profileRejectedEmail(firstName: string, reason: string, link: string): MailContent {
  return {
    subject: `Your ${PRODUCT_NAME} profile needs changes`,
    text: `Hello ${firstName},\n\nAn administrator reviewed your profile and could not approve it yet. The reason:\n\n${reason}\n\nPlease update your profile and submit it again: ${link}\n\n${PRODUCT_NAME}`,
    html: layout(
      'Your profile needs changes',
      `<p>Hello ${escapeHtml(firstName)},</p><p>An administrator reviewed your profile and could not approve it yet. The reason:</p><blockquote style="margin:16px 0;padding:12px 16px;background:#f7f8fb;border-left:4px solid #b42318">${escapeHtml(reason)}</blockquote><p>Please update your profile and submit it again.</p>${button(link, 'Update my profile')}`,
    ),
    params: { link, reason, to_name: firstName },
  };
}

export interface ContactMailInput {
  clinic: string;
  name: string;
  email: string;
  phone: string;
  species: string;
  message: string;
  messagesLink: string;
}

/** A pet owner's message to a vet: plain text as typed, escaped in the HTML part; Reply-To is the sender. */
export function contactMessageEmail(input: ContactMailInput): MailContent {
  const lines = [
    `From: ${input.name} <${input.email}>`,
    ...(input.phone ? [`Phone: ${input.phone}`] : []),
    ...(input.species ? [`Pet: ${input.species}`] : []),
  ];
  return {
    subject: `New message from a pet owner on ${PRODUCT_NAME}`,
    text: `A pet owner wrote to ${input.clinic} through your ${PRODUCT_NAME} profile.\n\n${lines.join('\n')}\n\n${input.message}\n\nReply to this e-mail to answer them. All your messages: ${input.messagesLink}\n\n${PRODUCT_NAME}`,
    html: layout(
      'New message from a pet owner',
      `<p>A pet owner wrote to ${escapeHtml(input.clinic)} through your profile.</p><p style="font-size:14px;color:#4b5563">${lines.map(escape).join('<br>')}</p><div style="white-space:pre-wrap;border-left:3px solid #e5e7eb;padding:8px 12px;margin:16px 0">${escapeHtml(input.message)}</div><p style="font-size:14px;color:#4b5563">Reply to this e-mail to answer them.</p>${button(input.messagesLink, 'See all messages')}`,
    ),
    params: { link: input.messagesLink },
  };
}

/**
 * The sender's confirmation. It repeats neither the message nor the sender's name, so the form
 * cannot carry a stranger's text to any address (docs/product.md, 5.7). The clinic's name (as an
 * administrator reviewed it) is in the body only: the subject is fixed, so a name can never shape a
 * header (docs/security.md, second review, row 1).
 */
export function contactConfirmationEmail(clinic: string, profileLink: string): MailContent {
  return {
    subject: `Your message was sent through ${PRODUCT_NAME}`,
    text: `Hello,\n\nYour message to ${clinic} was delivered through ${PRODUCT_NAME}. The practice will answer you by e-mail or phone.\n\nIf you did not write to this practice, you can ignore this e-mail.\n\n${profileLink}\n\n${PRODUCT_NAME}`,
    html: layout(
      'Your message was sent',
      `<p>Hello,</p><p>Your message to ${escapeHtml(clinic)} was delivered. The practice will answer you by e-mail or phone.</p><p style="font-size:14px;color:#4b5563">If you did not write to this practice, you can ignore this e-mail.</p>${button(profileLink, 'View the profile')}`,
    ),
    params: { link: profileLink },
  };
}

/**
 * The link that confirms a practice's contact address (docs/product.md, 5.7). It carries no text a
 * vet typed (not even the clinic's name): the address was typed by someone who may not own it.
 */
export function contactAddressEmail(link: string): MailContent {
  const intro = `A veterinary practice on ${PRODUCT_NAME} asked to receive the messages pet owners send through its contact form at this address.`;
  const ignore = `If you do not work for a practice listed on ${PRODUCT_NAME}, ignore this e-mail: nothing will be sent to this address.`;
  return {
    subject: `Confirm a practice's contact address on ${PRODUCT_NAME}`,
    text: `Hello,\n\n${intro} Please confirm it:\n\n${link}\n\nThe link works once and expires in 24 hours. ${ignore}\n\n${PRODUCT_NAME}`,
    html: layout(
      'Confirm this contact address',
      `<p>Hello,</p><p>${escapeHtml(intro)}</p>${button(link, 'Confirm this address')}<p style="font-size:14px;color:#4b5563">Or open this link: <br><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a></p><p style="font-size:14px;color:#4b5563">The link works once and expires in 24 hours. ${escapeHtml(ignore)}</p>`,
    ),
    params: { link },
  };
}

/** What an administrator decided on a pet owner's review (docs/product.md section 13), with the reason. */
export function reviewDecisionEmail(input: {
  firstName: string;
  clinic: string;
  title: string;
  decision: 'publish' | 'reject' | 'remove';
  reason: string;
  link: string;
}): MailContent {
  const said = {
    publish: {
      subject: `Your review is published on ${PRODUCT_NAME}`,
      heading: 'Your review is published',
      line: "is now published. Pet owners can read it on the practice's page.",
    },
    reject: { subject: `Your review was not published on ${PRODUCT_NAME}`, heading: 'Your review was not published', line: 'was not published.' },
    remove: { subject: `Your review was removed from ${PRODUCT_NAME}`, heading: 'Your review was removed', line: 'was removed and no longer shows.' },
  }[input.decision];
  const about = `Your review "${input.title}" of ${input.clinic}`;
  const reasonText = input.reason ? `\n\nThe administrator's reason:\n\n${input.reason}` : '';
  const next = input.decision === 'reject' ? '\n\nYou can edit your review and it will be checked again.' : '';
  return {
    subject: said.subject,
    text: `Hello ${input.firstName},\n\n${about} ${said.line}${reasonText}${next}\n\nThe practice's page: ${input.link}\n\n${PRODUCT_NAME}`,
    html: layout(
      said.heading,
      `<p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(about)} ${escapeHtml(said.line)}</p>${
        input.reason
          ? `<p>The administrator's reason:</p><blockquote style="margin:16px 0;padding:12px 16px;background:#f7f8fb;border-left:4px solid #0958d9;white-space:pre-wrap">${escapeHtml(input.reason)}</blockquote>`
          : ''
      }${next ? `<p>${escapeHtml(next.trim())}</p>` : ''}${button(input.link, "See the practice's page")}`,
    ),
    params: { link: input.link, reason: input.reason, to_name: input.firstName, decision: input.decision },
  };
}

/** The practice answered a pet owner's review (docs/product.md section 13): the author reads the answer. */
export function reviewReplyEmail(input: { firstName: string; clinic: string; title: string; reply: string; link: string }): MailContent {
  const intro = `${input.clinic} answered your review "${input.title}".`;
  return {
    subject: `The practice answered your review on ${PRODUCT_NAME}`,
    text: `Hello ${input.firstName},\n\n${intro} Their answer:\n\n${input.reply}\n\nThe answer shows under your review on the practice's page: ${input.link}\n\n${PRODUCT_NAME}`,
    html: layout(
      'The practice answered your review',
      `<p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(intro)} Their answer:</p><div style="white-space:pre-wrap;border-left:3px solid #e5e7eb;padding:8px 12px;margin:16px 0">${escapeHtml(input.reply)}</div><p style="font-size:14px;color:#4b5563">The answer shows under your review on the practice's page.</p>${button(input.link, "See the practice's page")}`,
    ),
    params: { link: input.link, to_name: input.firstName },
  };
}

/**
 * The confirmation that an account was deleted (docs/product.md section 22). It names nobody: after it is sent
 * the outbox forgets its address (ACCOUNT_DELETED_KIND), and no row names the deleted account.
 */
export function accountDeletedEmail(byAdministrator: boolean): MailContent {
  const how = byAdministrator ? 'An administrator deleted your account' : 'You asked us to delete your account';
  return {
    subject: `Your ${PRODUCT_NAME} account has been deleted`,
    text: `Hello,\n\n${how} on ${PRODUCT_NAME}. Your profile, reviews, favourites, messages and uploads are gone, and any paid plan was cancelled with the payment provider, so nothing more will be charged.\n\nWe keep the record of administrative actions without your name, e-mail address or network address.\n\nIf this was not you, reply to this e-mail.\n\n${PRODUCT_NAME}`,
    html: layout(
      'Your account has been deleted',
      `<p>${escapeHtml(how)} on ${PRODUCT_NAME}. Your profile, reviews, favourites, messages and uploads are gone, and any paid plan was cancelled with the payment provider, so nothing more will be charged.</p><p>We keep the record of administrative actions without your name, e-mail address or network address.</p><p>If this was not you, reply to this e-mail.</p>`,
    ),
    params: {},
  };
}

/** The code that proves an address at a practice's own domain (docs/product.md section 20). */
export function claimCodeEmail(code: string, clinic: string): MailContent {
  const intro = `Someone asked to manage the listing of ${clinic} on ${PRODUCT_NAME}. If it was you, enter this code:`;
  return {
    subject: `Your ${PRODUCT_NAME} code to claim ${clinic}`,
    text: `${intro}\n\n${code}\n\nThe code expires in 10 minutes. If you did not ask for it, ignore this e-mail: nothing changes without the code.\n\n${PRODUCT_NAME}`,
    html: layout(
      'Claim your practice',
      `<p>${escapeHtml(intro)}</p><p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${code}</p><p style="font-size:14px;color:#4b5563">The code expires in 10 minutes. If you did not ask for it, ignore this e-mail: nothing changes without the code.</p>`,
    ),
    params: { code, clinic },
  };
}

/** An administrator's decision on a claim by document. */
export function claimDecisionEmail(input: { approved: boolean; clinic: string; reason: string; link: string }): MailContent {
  const title = input.approved ? `${input.clinic} is yours on ${PRODUCT_NAME}` : `Your claim of ${input.clinic} was not approved`;
  const body = input.approved
    ? `Your claim was approved. Sign in with your e-mail and password to edit the practice's profile and choose a plan.`
    : `We could not approve your claim. Reason: ${input.reason}`;
  return {
    subject: title,
    text: `${body}\n\n${input.link}\n\n${PRODUCT_NAME}`,
    html: layout(title, `<p>${escapeHtml(body)}</p>${button(input.link, 'Open the practice')}`),
    params: { clinic: input.clinic, reason: input.reason, link: input.link },
  };
}
