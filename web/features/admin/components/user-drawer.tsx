// One account in a drawer (docs/product.md section 10): the account, its payments, its profile as the
// public sees it, its review history and recent activity, and the actions, each behind a
// confirmation. Demoting yourself needs a second confirmation; deleting needs the typed address.
import { useState, type ReactNode } from 'react';
import { Drawer } from 'antd';
import { REVIEW_REASON_MIN } from '../../../../shared/lib/profile-rules';
import { normalizeEmail } from '../../../../shared/lib/email-address';
import type { AuditEntry } from '../../../../shared/schemas/admin';
import { ProfilePreview } from '../../../components/profile/profile-preview';
import { PageLoader } from '../../../components/ui/page-loader';
import { useAppSelector } from '../../../app/store';
import { formatDate, formatDateTime } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import { signedInUser } from '../../auth';
import { useAdminActionMutation, type UserAction } from '../api/act-on-user';
import { useAdminUserQuery } from '../api/get-user';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ACTION_LABELS, PLAN_NAMES, describeChanges } from './labels';

type Action = 'verify-email' | 'approve' | 'reject' | 'suspend' | 'reactivate' | 'make-admin' | 'unmake-admin' | 'delete-user';

function Entries({ entries, empty }: { entries: AuditEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="muted small">{empty}</p>;
  return (
    <ul className="plain-list activity-list">
      {entries.map((e) => (
        <li key={e.id}>
          <strong>{ACTION_LABELS[e.action] ?? e.action}</strong> <span className="muted small">{formatDateTime(e.at)}</span>
          <br />
          <span className="small">
            by {e.actor_name ?? 'the system'}
            {e.ip ? ` from ${e.ip}` : ''}
            {describeChanges(e.changes) ? ` · ${describeChanges(e.changes)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function UserDrawer({ userId, onClose }: { userId: number | undefined; onClose: () => void }) {
  const { data, isFetching, isError } = useAdminUserQuery(userId ?? 0, { skip: userId === undefined, refetchOnMountOrArgChange: true });
  const me = useAppSelector(signedInUser);
  const [act, actState] = useAdminActionMutation();
  const [asking, setAsking] = useState<Action>();
  const [reason, setReason] = useState('');
  const [typedEmail, setTypedEmail] = useState('');
  const [selfConfirmed, setSelfConfirmed] = useState(false);
  const user = data?.user;
  const name = user ? `${user.first_name} ${user.last_name}` : '';
  const isSelf = user !== undefined && me?.id === user.id;

  const close = () => {
    setAsking(undefined);
    setReason('');
    setTypedEmail('');
    setSelfConfirmed(false);
  };

  const run = async () => {
    if (!user || !asking) return;
    const calls: Record<Action, { verb: UserAction['verb']; body: Record<string, unknown>; done: string }> = {
      'verify-email': { verb: 'verify-email', body: {}, done: `${name}'s e-mail address is verified.` },
      approve: { verb: 'review-profile', body: { decision: 'approve', reason: '' }, done: `${name} is approved and listed.` },
      reject: { verb: 'review-profile', body: { decision: 'reject', reason: reason.trim() }, done: `${name} was rejected; the reason was e-mailed.` },
      suspend: { verb: 'suspend', body: {}, done: `${name} is suspended.` },
      reactivate: { verb: 'reactivate', body: {}, done: `${name} is active again.` },
      'make-admin': { verb: 'set-role', body: { role: 'admin' }, done: `${name} is now an administrator.` },
      'unmake-admin': { verb: 'set-role', body: { role: 'user', ...(isSelf ? { confirm: true } : {}) }, done: `${name} is no longer an administrator.` },
      'delete-user': { verb: 'delete-user', body: { confirm_email: typedEmail.trim() }, done: `${name}'s account was deleted.` },
    };
    const call = calls[asking];
    try {
      await act({ verb: call.verb, body: { user_id: user.id, ...call.body } }).unwrap();
      toast.success(call.done);
      const deleted = asking === 'delete-user';
      close();
      if (deleted) onClose();
    } catch {
      // The API client showed the message; the dialog keeps what was typed.
    }
  };

  const button = (action: Action, label: string, danger = false) => (
    <button type="button" className={`button${danger ? ' button-danger' : ''}`} onClick={() => setAsking(action)}>
      {label}
    </button>
  );

  const dialogs: Record<Action, { title: string; confirm: string; danger?: boolean; ready?: boolean; body: ReactNode }> = {
    'verify-email': { title: `Verify ${name}'s e-mail`, confirm: 'Verify e-mail', body: <p>Mark {user?.email} as verified without the e-mailed link.</p> },
    approve: { title: `Approve ${name}`, confirm: 'Approve and e-mail the vet', body: <p>The profile is listed in search while the plan is paid.</p> },
    reject: {
      title: `Reject ${name}`,
      confirm: 'Reject and e-mail the vet',
      danger: true,
      ready: reason.trim().length >= REVIEW_REASON_MIN,
      body: (
        <>
          <label className="field" htmlFor="drawer-reason">
            <span>Reason (the vet reads it in the e-mail and on their profile)</span>
            <textarea id="drawer-reason" className="textarea" rows={4} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <p className="muted small">At least {REVIEW_REASON_MIN} characters.</p>
        </>
      ),
    },
    suspend: {
      title: `Suspend ${name}`,
      confirm: 'Suspend',
      danger: true,
      body: <p>Their sessions end at once, they cannot sign in, and their profile leaves search until reactivated.</p>,
    },
    reactivate: { title: `Reactivate ${name}`, confirm: 'Reactivate', body: <p>They can sign in again; a listed profile returns to search.</p> },
    'make-admin': {
      title: `Make ${name} an administrator`,
      confirm: 'Make administrator',
      body: <p>Administrators manage every account, article and review.</p>,
    },
    'unmake-admin': {
      title: isSelf ? 'Remove your own administrator rights' : `Make ${name} a regular user`,
      confirm: isSelf ? 'Remove my rights' : 'Make regular user',
      danger: true,
      ready: !isSelf || selfConfirmed,
      body: isSelf ? (
        <label className="check">
          <input type="checkbox" checked={selfConfirmed} onChange={(e) => setSelfConfirmed(e.target.checked)} /> I understand that I lose access to Manage Users
          and Manage Articles at once.
        </label>
      ) : (
        <p>They lose access to the administration pages.</p>
      ),
    },
    'delete-user': {
      title: `Delete ${name}`,
      confirm: 'Delete for good',
      danger: true,
      ready: normalizeEmail(typedEmail) === user?.email,
      body: (
        <>
          <p>The account, its profile, payments record, uploads, codes and waiting e-mails are deleted. This cannot be undone.</p>
          <label className="field" htmlFor="drawer-confirm-email">
            <span>Type {user?.email} to confirm</span>
            <input id="drawer-confirm-email" className="input" autoComplete="off" value={typedEmail} onChange={(e) => setTypedEmail(e.target.value)} />
          </label>
        </>
      ),
    },
  };
  const dialog = asking ? dialogs[asking] : undefined;

  return (
    <Drawer open={userId !== undefined} onClose={onClose} title={name || 'Account'} size="large" width="min(720px, 100vw)" destroyOnHidden>
      {isError ? (
        <p className="form-error">This account could not be loaded; it may have been deleted.</p>
      ) : !data || !user || (isFetching && data.user.id !== userId) ? (
        <PageLoader label="Loading the account…" />
      ) : (
        <div className="user-drawer">
          <div className="drawer-actions">
            {!user.verify && button('verify-email', 'Verify e-mail')}
            {user.review_state === 'pending' && button('approve', 'Approve')}
            {(user.review_state === 'pending' || user.review_state === 'approved') && button('reject', 'Reject', true)}
            {user.manage_role !== 'admin' && (user.suspended ? button('reactivate', 'Reactivate') : button('suspend', 'Suspend', true))}
            {user.manage_role === 'admin'
              ? button('unmake-admin', isSelf ? 'Remove my admin rights' : 'Make regular user', true)
              : !user.suspended && user.verify && button('make-admin', 'Make administrator')}
            {user.manage_role !== 'admin' && button('delete-user', 'Delete account', true)}
          </div>

          <section aria-labelledby="drawer-account">
            <h3 id="drawer-account">Account</h3>
            <dl className="facts">
              <Row label="E-mail">
                {user.email} {user.verify ? <span className="badge badge-green">Verified</span> : <span className="badge badge-amber">Not verified</span>}
              </Row>
              <Row label="Role">{user.manage_role === 'admin' ? 'Administrator' : 'User'}</Row>
              <Row label="Status">{user.suspended ? <span className="badge badge-red">Suspended</span> : 'Active'}</Row>
              <Row label="Joined">{formatDate(user.created_at)}</Row>
              <Row label="Review">
                {user.review_state}
                {user.review_reason ? ` · ${user.review_reason}` : ''}
              </Row>
              <Row label="Listed in search">{data.listed ? 'Yes' : 'No'}</Row>
            </dl>
          </section>

          <section aria-labelledby="drawer-payments">
            <h3 id="drawer-payments">Plan and payments</h3>
            {data.subscription ? (
              <p>
                {PLAN_NAMES[user.payment?.plan ?? 0]} ({data.subscription.status}, {data.subscription.provider}
                {data.subscription.current_period_end ? `, until ${formatDate(data.subscription.current_period_end)}` : ''})
              </p>
            ) : (
              <p className="muted small">No plan bought.</p>
            )}
            {data.payments.length > 0 && (
              <ul className="plain-list small">
                {data.payments.map((p) => (
                  <li key={p.id}>
                    {formatDate(p.created_at)} · {PLAN_NAMES[p.plan]} ({p.period}) · ${(p.amount_cents / 100).toFixed(2)} · {p.status}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="drawer-profile">
            <h3 id="drawer-profile">Profile as the public sees it</h3>
            {user.profile ? <ProfilePreview user={user} profile={user.profile} /> : <p className="muted small">No profile yet.</p>}
          </section>

          <section aria-labelledby="drawer-review">
            <h3 id="drawer-review">Review history</h3>
            <Entries entries={data.review_history} empty="Never submitted." />
          </section>

          <section aria-labelledby="drawer-activity">
            <h3 id="drawer-activity">Recent activity</h3>
            <Entries entries={data.recent_activity} empty="Nothing recorded yet." />
          </section>
        </div>
      )}
      {dialog && (
        <ConfirmDialog
          open
          title={dialog.title}
          confirmLabel={dialog.confirm}
          danger={dialog.danger}
          ready={dialog.ready}
          busy={actState.isLoading}
          onCancel={close}
          onConfirm={run}
        >
          {dialog.body}
        </ConfirmDialog>
      )}
    </Drawer>
  );
}
