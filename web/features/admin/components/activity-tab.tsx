// The Activity tab of /admin (docs/product.md section 10): the audit log, newest first, filtered by
// action, actor or target, paged by the server, and exported as CSV with the same filters.
import { useState } from 'react';
import type { AuditEntry } from '../../../../shared/schemas/admin';
import { formatDateTime } from '../../../lib/format-date';
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

export default function ActivityTab() {
  const { params, setParams, paging } = useListParams();
  const query: ActivityQuery = { ...paging };
  const action = params.get('action') ?? '';
  const actor = params.get('actor') ?? '';
  const target = params.get('target') ?? '';
  if (action) query.action = action;
  if (/^\d+$/.test(actor)) query.actor_id = Number(actor);
  if (target) query.target_id = target;
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
  if (query.actor_id) csv.set('actor_id', String(query.actor_id));
  if (query.target_id) csv.set('target_id', String(query.target_id));

  return (
    <AdminList<AuditEntry>
      kind={ACTIVITY}
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
          <label className="filter">
            <span>Actor id</span>
            <input className="input" inputMode="numeric" value={form.actor} onChange={(e) => setForm({ ...form, actor: e.target.value })} />
          </label>
          <label className="filter">
            <span>Target id</span>
            <input className="input" value={form.target} onChange={(e) => setForm({ ...form, target: e.target.value })} />
          </label>
        </>
      }
      exportPath={`/admin/audit-log.csv${csv.size ? `?${csv}` : ''}`}
    />
  );
}
