// The e-mail preferences an account sets (docs/product.md section 25), honoured where every e-mail is
// written: the mailer asks here before it stores a message of a kind a preference governs. Kinds not
// listed (verification, reset codes, e-mail change notices, deletion, a practice's new request, contact
// messages) are always sent.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';

type PreferenceColumn = 'emailReminders' | 'emailReviewInvitations' | 'emailRequestUpdates' | 'emailMessages';

const UPDATE_KINDS = ['confirmed', 'declined', 'proposed', 'accepted', 'cancelled_by_owner', 'cancelled_by_practice', 'no_show'];

const PREFERENCE_OF_KIND: ReadonlyMap<string, PreferenceColumn> = new Map<string, PreferenceColumn>([
  ['appointment_reminder', 'emailReminders'],
  ['appointment_review_invitation', 'emailReviewInvitations'],
  ...UPDATE_KINDS.map((kind) => [`appointment_${kind}`, 'emailRequestUpdates'] as [string, PreferenceColumn]),
  // The messages of a conversation between an owner and a practice (docs/product.md section 25).
  ['message', 'emailMessages'],
]);

/** Whether the account the message is for wants e-mails of this kind; a message for no account is sent. */
export async function recipientWants(db: DbOrTx, to: { kind: string; accountId?: number | undefined }): Promise<boolean> {
  const column = PREFERENCE_OF_KIND.get(to.kind);
  if (!column || to.accountId === undefined) return true;
  const [row] = await db.select({ wants: users[column] }).from(users).where(eq(users.id, to.accountId));
  return row?.wants ?? true;
}
