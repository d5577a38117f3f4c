// The Activity tab of /admin (decisions.md section 10): the audit log, newest first, filtered by
// action, actor or target, paged by the server, and exported as CSV with the same filters.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Table, type TableProps } from 'antd';
import type { AuditEntry } from '../../../../shared/schemas/admin';
import { formatDate } from '../../../lib/format-date';
import { useAuditLogQuery, type ActivityQuery } from '../api/admin-api';
import { downloadExport } from './download';
import { ACTION_LABELS, describeChanges } from './labels';

const PAGE_SIZE = 25;

export default function ActivityTab() {
  const [params, setParams] = useSearchParams();
  const query: ActivityQuery = { page: Math.max(1, Number(params.get('page')) || 1), pageSize: PAGE_SIZE };
  const action = params.get('action') ?? '';
  const actor = params.get('actor') ?? '';
  const target = params.get('target') ?? '';
  if (action) query.action = action;
  if (/^\d+$/.test(actor)) query.actor_id = Number(actor);
  if (target) query.target_id = target;
  const { data, isFetching } = useAuditLogQuery(query, { refetchOnMountOrArgChange: true });
  const [form, setForm] = useState({ action, actor, target });
  const [exporting, setExporting] = useState(false);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams({ tab: 'activity' });
    if (form.action) next.set('action', form.action);
    if (form.actor.trim()) next.set('actor', form.actor.trim());
    if (form.target.trim()) next.set('target', form.target.trim());
    setParams(next);
  };

  const exportCsv = async () => {
    setExporting(true);
    const qs = new URLSearchParams();
    if (query.action) qs.set('action', query.action);
    if (query.actor_id) qs.set('actor_id', String(query.actor_id));
    if (query.target_id) qs.set('target_id', String(query.target_id));
    try {
      await downloadExport(`/admin/audit-log.csv${qs.size ? `?${qs}` : ''}`);
    } catch {
      // The API client showed the message.
    } finally {
      setExporting(false);
    }
  };

  const columns: TableProps<AuditEntry>['columns'] = [
    {
      title: 'When',
      key: 'at',
      render: (_: unknown, e) => (
        <span className="nowrap">
          {formatDate(e.at)} {new Date(e.at).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}
        </span>
      ),
    },
    {
      title: 'Who',
      key: 'actor',
      render: (_: unknown, e) =>
        e.actor_name ? (
          <span>
            {e.actor_name}
            <span className="muted small user-email">{e.actor_email}</span>
          </span>
        ) : (
          <span className="muted">System</span>
        ),
    },
    { title: 'What', key: 'action', render: (_: unknown, e) => ACTION_LABELS[e.action] ?? e.action },
    { title: 'To whom', key: 'target', render: (_: unknown, e) => e.target_label ?? `${e.target_type} ${e.target_id ?? ''}` },
    { title: 'From', key: 'ip', responsive: ['md'], render: (_: unknown, e) => e.ip ?? '—' },
    { title: 'Changes', key: 'changes', responsive: ['sm'], render: (_: unknown, e) => <span className="small">{describeChanges(e.changes)}</span> },
  ];

  return (
    <div className="activity-tab">
      <form className="admin-filters" onSubmit={apply} aria-label="Filter activity">
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
        <button type="submit" className="button button-primary">
          Filter
        </button>
        <button type="button" className="button" disabled={exporting} onClick={exportCsv}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </form>
      <div className="table-scroll">
        <Table<AuditEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          onChange={(pagination) => {
            const next = new URLSearchParams(params);
            next.set('page', String(pagination.current ?? 1));
            setParams(next);
          }}
          pagination={{
            current: query.page,
            pageSize: PAGE_SIZE,
            total: data?.totalCount ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `Total ${total} entries`,
            size: 'small',
          }}
          locale={{ emptyText: 'Nothing recorded yet.' }}
        />
      </div>
    </div>
  );
}
