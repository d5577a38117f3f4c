// The security e-mails of the account settings (docs/product.md section 25). They are always sent,
// whatever the account's e-mail preferences say.
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import { escapeHtml } from '../../../lib/escape-html';
import { button, layout, type MailContent } from '../mail/templates';

const SUPPORT = 'If this was not you, change your password on your Account settings page, or reply to this e-mail.';

/** To the new address: the link that completes the change. */
export function emailChangeLinkEmail(firstName: string, newAddress: string, link: string): MailContent {
  const intro = `Please confirm that ${newAddress} is the new e-mail address of your ${PRODUCT_NAME} account.`;
  const after = 'Your address changes only when you follow this link. It works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.';
  return {
    subject: `Confirm your new e-mail address for ${PRODUCT_NAME}`,
    text: `Hello ${firstName},\n\n${intro}\n\n${link}\n\n${after}\n\n${PRODUCT_NAME}`,
    html: layout(
      'Confirm your new e-mail address',
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)}</p>${button(link, 'Confirm my new address')}<p style="font-size:14px;color:#4b5563">Or open this link: <br><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a></p><p style="font-size:14px;color:#4b5563">${escapeHtml(after)}</p>`,
    ),
    params: { link, to_name: firstName },
  };
}

/** To the old address, when the change is asked for and when it takes effect. */
export function emailChangeNoticeEmail(firstName: string, newAddress: string, stage: 'requested' | 'changed'): MailContent {
  const what =
    stage === 'requested'
      ? `Someone signed in to your ${PRODUCT_NAME} account asked to change its e-mail address to ${newAddress}. Nothing changes unless the link we sent to that address is followed.`
      : `The e-mail address of your ${PRODUCT_NAME} account is now ${newAddress}. This address no longer signs in.`;
  return {
    subject: stage === 'requested' ? `A change of your ${PRODUCT_NAME} e-mail address was asked for` : `Your ${PRODUCT_NAME} e-mail address was changed`,
    text: `Hello ${firstName},\n\n${what}\n\n${SUPPORT}\n\n${PRODUCT_NAME}`,
    html: layout(
      stage === 'requested' ? 'A change of your e-mail address' : 'Your e-mail address was changed',
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(SUPPORT)}</p>`,
    ),
    params: { to_name: firstName },
  };
}

/** To the account's address after its password was changed in the settings. */
export function passwordChangedEmail(firstName: string): MailContent {
  const what = `The password of your ${PRODUCT_NAME} account was changed, and every other device was signed out.`;
  const support = 'If this was not you, reset your password from the sign-in page now, or reply to this e-mail.';
  return {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: `Hello ${firstName},\n\n${what}\n\n${support}\n\n${PRODUCT_NAME}`,
    html: layout('Your password was changed', `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(support)}</p>`),
    params: { to_name: firstName },
  };
}
