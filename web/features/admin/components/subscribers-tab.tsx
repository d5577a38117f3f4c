// The Subscribers tab of /admin (docs/product.md section 9): newsletter subscribers by state, paged by
// the server, and a CSV export of the confirmed ones.
import type { Subscriber } from '../../../../shared/schemas/admin';
import { formatDate } from '../../../../shared/lib/formats';
import { useSubscribersQuery, type SubscribersQuery } from '../api/get-subscribers';
import { AdminList, column, useListParams, type AdminListKind } from './admin-list';

const STATE_LABELS: Record<Subscriber['state'], string> = { pending: 'Waiting for the code', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' };

const SUBSCRIBERS: AdminListKind<Subscriber> = {
  className: 'subscribers-tab',
  columns: [
    column('E-mail', 'email', (s) => <span className="user-email">{s.email}</span>),
    column('State', 'state', (s) => <span className={`review-pill sub-${s.state}`}>{STATE_LABELS[s.state]}</span>),
    column('Subscribed', 'created_at', (s) => formatDate(s.created_at)),
    column('Confirmed', 'confirmed_at', (s) => (s.confirmed_at ? formatDate(s.confirmed_at) : '—')),
  ],
  totalNoun: 'subscribers',
  emptyText: 'No subscribers yet.',
  exportLabel: 'Export confirmed (CSV)',
};

export default function SubscribersTab() {
  const { params, setParams, paging } = useListParams();
  const query: SubscribersQuery = { ...paging };
  const state = params.get('state');
  if (state === 'pending' || state === 'confirmed' || state === 'unsubscribed') query.state = state;
  const fetched = useSubscribersQuery(query, { refetchOnMountOrArgChange: true });

  return (
    <AdminList<Subscriber>
      kind={SUBSCRIBERS}
      fetched={fetched}
      page={query.page}
      filters={
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
      }
      exportPath="/admin/subscribers.csv"
    />
  );
}
