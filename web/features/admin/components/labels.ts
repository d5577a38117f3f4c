// Words the administration tabs show for stored values, and a readable line for an audit entry's changes.
import { planById } from '../../../../shared/constants/plans';

export const PLAN_NAMES: Record<number, string> = {
  0: 'No plan',
  1: planById(1)?.name ?? 'Basic',
  2: planById(2)?.name ?? 'Professional',
  3: planById(3)?.name ?? 'Premium',
};

export const ACTION_LABELS: Record<string, string> = {
  'user.verify_email': 'Verified e-mail by hand',
  'user.suspend': 'Suspended',
  'user.reactivate': 'Reactivated',
  'user.set_role': 'Changed role',
  'user.delete': 'Deleted account',
  'profile.approved': 'Approved profile',
  'profile.rejected': 'Rejected profile',
  'profile.submitted': 'Submitted profile',
  'profile.changed': 'Edited profile',
  'article.create': 'Created article',
  'article.update': 'Edited article',
  'article.publish': 'Published article',
  'article.unpublish': 'Unpublished article',
  'article.delete': 'Deleted article',
  'article.ai_draft': 'AI draft',
  'review.published': 'Published review',
  'review.rejected': 'Rejected review',
  'review.removed': 'Removed review',
  'message.shown': 'Released message',
  'message.removed': 'Removed message',
  'backup made': 'Made a backup',
  'backup downloaded': 'Downloaded a backup',
  'practices imported': 'Imported practices',
};

const show = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value);
const isChange = (value: unknown): value is { from: unknown; to: unknown } => typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/** "status: active → suspended; reason: …" from an entry's changes. */
export function describeChanges(changes: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'changes' && value && typeof value === 'object') parts.push(describeChanges(value as Record<string, unknown>));
    else if (isChange(value)) parts.push(`${key.replace(/_/g, ' ')}: ${show(value.from)} → ${show(value.to)}`);
    else if (value !== null && value !== undefined) parts.push(`${key.replace(/_/g, ' ')}: ${show(value)}`);
  }
  return parts.filter(Boolean).join('; ');
}
