// The Subscribers tab of /admin (decisions.md section 9): newsletter subscribers by state, paged by
// the server, and a CSV export of the confirmed ones.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Table, type TableProps } from 'antd';
import type { Subscriber } from '../../../../shared/schemas/admin';
import { formatDate } from '../../../lib/format-date';
import { useSubscribersQuery, type SubscribersQuery } from '../api/admin-api';
import { downloadExport } from './download';

const PAGE_SIZE = 25;
const STATE_LABELS: Record<Subscriber['state'], string> = { pending: 'Waiting for the code', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

export default function SubscribersTab() {
  const [params, setParams] = useSearchParams();
  const query: SubscribersQuery = { page: Math.max(1, Number(params.get('page')) || 1), pageSize: PAGE_SIZE };
  const state = params.get('state');
  if (state === 'pending' || state === 'confirmed' || state === 'unsubscribed') query.state = state;
  const { data, isFetching } = useSubscribersQuery(query, { refetchOnMountOrArgChange: true });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadExport('/admin/subscribers.csv');
    } catch {
      // The API client showed the message.
    } finally {
      setExporting(false);
    }
  };

  const columns: TableProps<Subscriber>['columns'] = [
    { title: 'E-mail', key: 'email', dataIndex: 'email' },
    { title: 'State', key: 'state', render: (_: unknown, s) => <span className={`review-pill sub-${s.state}`}>{STATE_LABELS[s.state]}</span> },
    { title: 'Subscribed', key: 'created_at', responsive: ['sm'], render: (_: unknown, s) => formatDate(s.created_at) },
    { title: 'Confirmed', key: 'confirmed_at', responsive: ['md'], render: (_: unknown, s) => (s.confirmed_at ? formatDate(s.confirmed_at) : '—') },
  ];

  return (
    <div className="subscribers-tab">
      <div className="admin-filters">
        <label className="filter">
          <span>State</span>
          <select
            className="select"
            value={query.state ?? ''}
            onChange={(e) => {
              const next = new URLSearchParams({ tab: 'subscribers' });
              if (e.target.value) next.set('state', e.target.value);
              setParams(next);
            }}
          >
            <option value="">Any</option>
            <option value="confirmed">Confirmed</option>
            <option value="pending">Waiting for the code</option>
            <option value="unsubscribed">Unsubscribed</option>
          </select>
        </label>
        <button type="button" className="button" disabled={exporting} onClick={exportCsv}>
          {exporting ? 'Exporting…' : 'Export confirmed (CSV)'}
        </button>
      </div>
      <div className="table-scroll">
        <Table<Subscriber>
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
            showTotal: (total) => `Total ${total} subscribers`,
            size: 'small',
          }}
          locale={{ emptyText: 'No subscribers yet.' }}
        />
      </div>
    </div>
  );
}
