// The Users tab of /admin (docs/product.md section 10): a paged, sortable table of accounts with search
// and filters, all done by the server; bulk approve and bulk suspend; a drawer with one account.
// The list state lives in the URL (?q=&role=&verified=&plan=&review=&suspended=&listings=&sort=&page=).
// Imported practices nobody has claimed (docs/product.md section 20) are left out unless the Listings filter asks.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { TableProps } from 'antd';
import type { AdminUserRow, AdminUsersBody } from '../../../../shared/schemas/admin';
import { PLAN_NAMES } from './labels';
import { toast } from '../../../lib/toast';
import { useBulkActionMutation } from '../api/bulk-action';
import { useAdminUsersQuery, type UsersQuery } from '../api/get-users';
import { AdminTable, pageFromParams } from './admin-list';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { UserDrawer } from './user-drawer';
import { countOf, formatDate } from '../../../../shared/lib/formats';

const PAGE_SIZE = 20;
type Sort = NonNullable<AdminUsersBody['sort']>;

function queryFrom(params: URLSearchParams): UsersQuery {
  const bool = (v: string | null) => (v === 'yes' ? true : v === 'no' ? false : undefined);
  const query: UsersQuery = { page: pageFromParams(params), pageSize: PAGE_SIZE, search: params.get('q') ?? '' };
  const role = params.get('role');
  if (role === 'admin' || role === 'user') query.role = role;
  const verified = bool(params.get('verified'));
  if (verified !== undefined) query.verified = verified;
  const suspended = bool(params.get('suspended'));
  if (suspended !== undefined) query.suspended = suspended;
  const plan = params.get('plan');
  if (plan && /^[0-3]$/.test(plan)) query.plan = Number(plan);
  const review = params.get('review');
  if (review === 'draft' || review === 'pending' || review === 'approved' || review === 'rejected') query.review_state = review;
  const listings = params.get('listings');
  if (listings === 'unclaimed' || listings === 'all') query.listings = listings;
  const sort = params.get('sort');
  if (sort && /^-?(created_at|name|email|submit_at)$/.test(sort)) query.sort = sort as Sort;
  return query;
}

const REVIEW_LABELS: Record<AdminUserRow['review_state'], string> = { draft: 'Draft', pending: 'In review', approved: 'Approved', rejected: 'Rejected' };

function StatusTags({ user }: { user: AdminUserRow }) {
  return (
    <span className="status-tags">
      {user.manage_role === 'admin' && <span className="badge badge-blue">Admin</span>}
      {user.suspended && <span className="badge badge-red">Suspended</span>}
      {!user.claimed && <span className="badge badge-amber">Unclaimed listing</span>}
      {user.claimed && !user.verify && <span className="badge badge-amber">Unverified</span>}
    </span>
  );
}

export default function UsersTab() {
  const [params, setParams] = useSearchParams();
  const query = queryFrom(params);
  const { data, isFetching, isLoading } = useAdminUsersQuery(query, { refetchOnMountOrArgChange: true });
  const [bulk, bulkState] = useBulkActionMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [openId, setOpenId] = useState<number>();
  const [bulkAsk, setBulkAsk] = useState<'approve' | 'suspend'>();
  const [search, setSearch] = useState(query.search ?? '');

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
    setSelected([]);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() });
  };

  const runBulk = async () => {
    if (!bulkAsk) return;
    try {
      const answer = await bulk({ action: bulkAsk, user_ids: selected }).unwrap();
      const failed = answer.results.filter((r) => !r.ok);
      const verb = bulkAsk === 'approve' ? 'approved' : 'suspended';
      if (answer.done > 0) toast.success(`${countOf(answer.done, 'account')} ${verb}.`);
      if (failed.length > 0)
        toast.error(
          `${failed.length} not ${verb}: ${failed
            .map((f) => f.message)
            .filter((m, i, all) => all.indexOf(m) === i)
            .join(' ')}`,
        );
      setSelected([]);
      setBulkAsk(undefined);
    } catch {
      // The API client showed the message.
    }
  };

  const sortOrder = (key: string): 'ascend' | 'descend' | null => {
    const sort = query.sort ?? '-created_at';
    if (sort === key) return 'ascend';
    if (sort === `-${key}`) return 'descend';
    return null;
  };

  const columns: TableProps<AdminUserRow>['columns'] = [
    {
      title: 'Name',
      key: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_: unknown, user) => (
        <div className="user-cell">
          <button type="button" className="link-button" onClick={() => setOpenId(user.id)}>
            {user.claimed ? `${user.first_name} ${user.last_name}` : (user.clinic_name ?? 'Imported practice')}
          </button>
          {user.claimed && <span className="muted small user-email">{user.email}</span>}
          <StatusTags user={user} />
        </div>
      ),
    },
    {
      title: 'Clinic',
      key: 'clinic',
      responsive: ['md'],
      render: (_: unknown, user) =>
        user.clinic_name ? (
          <span>
            {user.clinic_name}
            {user.city ? (
              <span className="muted small">
                {' '}
                · {user.city}, {user.state}
              </span>
            ) : null}
          </span>
        ) : (
          <span className="muted">—</span>
        ),
    },
    { title: 'Plan', key: 'plan', responsive: ['sm'], render: (_: unknown, user) => PLAN_NAMES[user.payment?.plan ?? 0] },
    {
      title: 'Review',
      key: 'review',
      render: (_: unknown, user) => <span className={`review-pill review-${user.review_state}`}>{REVIEW_LABELS[user.review_state]}</span>,
    },
    {
      title: 'Joined',
      key: 'created_at',
      sorter: true,
      sortOrder: sortOrder('created_at'),
      responsive: ['lg'],
      render: (_: unknown, user) => formatDate(user.created_at),
    },
  ];

  const onTableChange: TableProps<AdminUserRow>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.columnKey as string | undefined;
    const sort = s?.order && key ? (s.order === 'ascend' ? key : `-${key}`) : undefined;
    const currentSort = query.sort;
    if (sort !== currentSort && !(sort === undefined && currentSort === undefined)) update({ sort });
    else if (pagination.current && pagination.current !== query.page) update({ page: String(pagination.current) });
  };

  const select = (name: string, label: string, value: string | null, options: [string, string][], anyLabel = 'Any') => (
    <label className="filter">
      <span>{label}</span>
      <select className="select" name={name} value={value ?? ''} onChange={(e) => update({ [name]: e.target.value })}>
        <option value="">{anyLabel}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="users-tab">
      <form className="admin-search" role="search" onSubmit={onSearch}>
        <label className="field admin-search-field">
          <span>Search name, e-mail or clinic</span>
          <input className="input" type="search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      <div className="admin-filters">
        {select('role', 'Role', params.get('role'), [
          ['user', 'User'],
          ['admin', 'Administrator'],
        ])}
        {select('verified', 'E-mail', params.get('verified'), [
          ['yes', 'Verified'],
          ['no', 'Not verified'],
        ])}
        {select('plan', 'Plan', params.get('plan'), [
          ['0', 'No plan'],
          ['1', 'Basic'],
          ['2', 'Professional'],
          ['3', 'Premium'],
        ])}
        {select('review', 'Review', params.get('review'), [
          ['draft', 'Draft'],
          ['pending', 'In review'],
          ['approved', 'Approved'],
          ['rejected', 'Rejected'],
        ])}
        {select('suspended', 'Status', params.get('suspended'), [
          ['no', 'Active'],
          ['yes', 'Suspended'],
        ])}
        {select(
          'listings',
          'Listings',
          params.get('listings'),
          [
            ['unclaimed', 'Unclaimed listings'],
            ['all', 'Accounts and unclaimed listings'],
          ],
          'Accounts',
        )}
      </div>
      <div className="bulk-bar" aria-live="polite">
        <span className="muted small">{selected.length > 0 ? `${selected.length} selected` : 'Select accounts for bulk actions'}</span>
        <button type="button" className="button" disabled={selected.length === 0} onClick={() => setBulkAsk('approve')}>
          Approve selected
        </button>
        <button type="button" className="button button-danger" disabled={selected.length === 0} onClick={() => setBulkAsk('suspend')}>
          Suspend selected
        </button>
      </div>
      <AdminTable<AdminUserRow>
        stack={false}
        columns={columns}
        result={data}
        loading={isLoading || isFetching}
        onChange={onTableChange}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (user) => ({
            'aria-label': `Select ${user.claimed ? `${user.first_name} ${user.last_name}` : (user.clinic_name ?? 'imported practice')}`,
          }),
        }}
        page={query.page}
        pageSize={PAGE_SIZE}
        totalNoun="accounts"
        emptyText={isLoading ? 'Loading accounts…' : 'No account matches.'}
      />
      <UserDrawer userId={openId} onClose={() => setOpenId(undefined)} />
      <ConfirmDialog
        open={bulkAsk !== undefined}
        title={bulkAsk === 'approve' ? 'Approve the selected profiles' : 'Suspend the selected accounts'}
        confirmLabel={bulkAsk === 'approve' ? `Approve ${selected.length}` : `Suspend ${selected.length}`}
        danger={bulkAsk === 'suspend'}
        busy={bulkState.isLoading}
        onCancel={() => setBulkAsk(undefined)}
        onConfirm={runBulk}
      >
        <p>
          {bulkAsk === 'approve'
            ? `${countOf(selected.length, 'account')}: profiles in review are approved and listed, and each vet is e-mailed. Others are skipped.`
            : `${countOf(selected.length, 'account')}: their sessions end at once and their profiles leave search. Administrators are skipped.`}
        </p>
      </ConfirmDialog>
    </div>
  );
}
