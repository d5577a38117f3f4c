// The Activity tab of /admin (docs/product.md section 10): the audit log, newest first, filtered by
// action, by who acted or the account acted on (a name or an e-mail address, docs/product.md 29.7), paged by the server, and exported as CSV with the same filters.
import { useState } from 'react';
import type { AuditEntry } from '../../../../shared/schemas/admin';
import { formatDateTime } from '../../../../shared/lib/formats';
import { useAuditLogQuery, type ActivityQuery } from '../api/get-audit-log';
import { AdminList, column, useListParams, type AdminListKind } from './admin-list';
import { ACTION_LABELS, describeChanges } from './labels';

const ACTIVITY: AdminListKind<AuditEntry> = {
  className: 'activity-tab',
  columns: [
    column('When', 'at', (e) => <span className="nowrap">{formatDateTime(e.at)}</span>),
    column('Who', 'actor', (e) =>
      e.actor_name ? (
        <span>
          {e.actor_name}
          <span className="muted small user-email">{e.actor_email}</span>
        </span>
      ) : (
        <span className="muted">System</span>
      ),
    ),
    column('What', 'action', (e) => ACTION_LABELS[e.action] ?? e.action),
    column('To whom', 'target', (e) => e.target_label ?? `${e.target_type} ${e.target_id ?? ''}`),
    column('From', 'ip', (e) => e.ip ?? '—'),
    column('Changes', 'changes', (e) => <span className="small">{describeChanges(e.changes)}</span>),
  ],
  totalNoun: 'entries',
  emptyText: 'Nothing recorded yet.',
  exportLabel: 'Export CSV',
};

/** A filter that takes part of a name or an e-mail address (docs/product.md 29.7). */
function PersonFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="filter">
      <span>{label}</span>
      <input className="input" type="search" maxLength={120} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export default function ActivityTab() {
  const { params, setParams, paging } = useListParams();
  const query: ActivityQuery = { ...paging };
  const action = params.get('action') ?? '';
  const actor = params.get('actor') ?? '';
  const target = params.get('target') ?? '';
  if (action) query.action = action;
  // Names or e-mail addresses, not ids (docs/product.md 29.7): the server finds the accounts.
  if (actor) query.actor = actor;
  if (target) query.target = target;
  const fetched = useAuditLogQuery(query, { refetchOnMountOrArgChange: true });
  const [form, setForm] = useState({ action, actor, target });

  const apply = () => {
    const next = new URLSearchParams({ tab: 'activity' });
    if (form.action) next.set('action', form.action);
    if (form.actor.trim()) next.set('actor', form.actor.trim());
    if (form.target.trim()) next.set('target', form.target.trim());
    setParams(next);
  };

  const csv = new URLSearchParams();
  if (query.action) csv.set('action', query.action);
  if (query.actor) csv.set('actor', query.actor);
  if (query.target) csv.set('target', query.target);

  return (
    <AdminList<AuditEntry>
      kind={action || actor || target ? { ...ACTIVITY, emptyText: 'Nothing recorded matches these filters.' } : ACTIVITY}
      fetched={fetched}
      page={query.page}
      filter={{ label: 'Filter activity', onSubmit: apply }}
      filters={
        <>
          <label className="filter">
            <span>Action</span>
            <select className="select" value={form.action} onChange={(e) => setForm({ ...form, action: e.target.value })}>
              <option value="">Any</option>
              {Object.entries(ACTION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <PersonFilter label="Who (name or e-mail)" value={form.actor} onChange={(actor) => setForm({ ...form, actor })} />
          <PersonFilter label="To whom (name or e-mail)" value={form.target} onChange={(target) => setForm({ ...form, target })} />
        </>
      }
      exportPath={`/admin/audit-log.csv${csv.size ? `?${csv}` : ''}`}
    />
  );
}
