// The states of a list read a page at a time from the API, one way for every list of an account's own things
// (/myappointments, /myreviews, /myvets and the practice's appointment requests; docs/decisions/156-one-list-shell.md):
// a failure with Try again, skeleton cards while the first answer is on its way, the empty state, the list and its pager.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageFrame } from './page-hero';
import { Pagination } from './pagination';

/** The parts of an RTK Query answer the shell reads. */
interface ListQuery {
  isError: boolean;
  refetch: () => unknown;
}

/** What a list says: when it failed, while it loads and when there is nothing. */
export interface ListTexts {
  /** What failed, as a sentence ("Your reviews could not be loaded."). */
  failure: string;
  /** What a screen reader hears while the first answer is on its way ("Loading your reviews…"). */
  loading: string;
  /** Shown when there is nothing: a sentence with a way forward, or markup of the caller's own. */
  empty: ReactNode | { text: string; action: { to: string; label: string } };
}

interface ListShellProps {
  query: ListQuery;
  /** How many items there are in all; undefined until the first answer arrives. */
  total: number | undefined;
  texts: ListTexts;
  /** Skeleton cards while loading (two for a page, one for a card). */
  skeletons?: number;
  /** The pager, shown when there is more than one page. */
  pager?: { page: number; pageSize: number; onChange: (page: number) => void };
  /** The list itself, rendered only when there is something to show. */
  children: ReactNode;
}

export function ListShell({ query, total, texts, skeletons = 2, pager, children }: ListShellProps) {
  const { failure, loading, empty } = texts;
  if (query.isError)
    return (
      <div className="notice" role="alert">
        <p>{failure}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  if (total === undefined)
    return (
      <div aria-busy="true">
        <span className="visually-hidden">{loading}</span>
        {Array.from({ length: skeletons }, (_, i) => (
          <div key={i} className="card skeleton-card" aria-hidden="true" />
        ))}
      </div>
    );
  if (total === 0) {
    if (!(empty && typeof empty === 'object' && 'text' in empty)) return empty;
    return (
      <div className="empty-state">
        <p>{empty.text}</p>
        <Link className="button button-primary" to={empty.action.to}>
          {empty.action.label}
        </Link>
      </div>
    );
  }
  return (
    <>
      {children}
      {pager && total > pager.pageSize && <Pagination page={pager.page} pageSize={pager.pageSize} total={total} onChange={pager.onChange} />}
    </>
  );
}

/** An RTK Query hook of a paged list of the account's own things. */
type PagedQueryHook<T> = (
  arg: { page: number; pageSize: number },
  options: { refetchOnMountOrArgChange: true },
) => ListQuery & { isFetching: boolean; currentData?: { data: T[]; totalCount: number } };

/**
 * An account's page of its own things (/myappointments, /myreviews): the page's hero, then the list read fresh each
 * time the page opens (another person may have acted since), `pageSize` at a time, each item drawn by `item`.
 */
export function AccountListPage<T>(props: {
  title: string;
  lead: string;
  texts: ListTexts;
  useList: PagedQueryHook<T>;
  pageSize: number;
  /** The class of the list's `<ul>`. */
  listClass: string;
  item: (item: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const { pageSize, useList } = props;
  const query = useList({ page, pageSize }, { refetchOnMountOrArgChange: true });
  return (
    <AccountPageFrame title={props.title} lead={props.lead}>
      <ListShell query={query} total={query.currentData?.totalCount} texts={props.texts} pager={{ page, pageSize, onChange: setPage }}>
        <ul className={props.listClass} aria-busy={query.isFetching}>
          {query.currentData?.data.map(props.item)}
        </ul>
      </ListShell>
    </AccountPageFrame>
  );
}

/** The frame of an account's own page: its hero, then one narrow column. */
export function AccountPageFrame({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <PageFrame eyebrow="Your account" title={title} lead={lead} container="narrow">
      {children}
    </PageFrame>
  );
}
