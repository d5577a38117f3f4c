// The parts the list tabs of /admin share: a table paged by the server whose page lives in the URL
// (?page=) and whose rows stack as cards on a phone, and a filter bar with a CSV export button.
import { useState, type FormEvent, type HTMLAttributes, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Table, type TableColumnType, type TableProps } from 'antd';
import { downloadExport } from './download';

/** Rows a list tab asks the server for at a time. */
export const ADMIN_PAGE_SIZE = 25;

/** The page the URL asks for (?page=), one when missing or not a number. */
export function pageFromParams(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page')) || 1);
}

/** A list tab's state in the URL: its search params, and the page of ADMIN_PAGE_SIZE rows to ask the server for. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  return { params, setParams, paging: { page: pageFromParams(params), pageSize: ADMIN_PAGE_SIZE } };
}

/**
 * A column of an admin table: its plain-text title (also each cell's label when rows stack on a phone),
 * its key, what a row shows in it, and any other antd column settings (sorting, `responsive`).
 */
export function column<Row>(title: string, key: string, show: (row: Row) => ReactNode, more: TableColumnType<Row> = {}): TableColumnType<Row> {
  return { title, key, render: (_: unknown, row: Row) => show(row), ...more };
}

/** A stacked table's header row is read by screen readers but not shown below 768 px (web/app/layout/layout.css). */
const STACKED_HEADER: TableProps['components'] = {
  header: {
    wrapper: ({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) => <thead {...props} className={`${className ?? ''} visually-hidden-narrow`} />,
  },
};

export interface AdminTableProps<Row> {
  columns: TableProps<Row>['columns'];
  /** The server's page: its rows and the count of all that match; undefined until it comes. */
  result: { data: Row[]; totalCount: number } | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  /** The word after the total: "Total 12 entries". */
  totalNoun: string;
  emptyText: string;
  /** Given when the table does more than page (sorting); by default a page change goes into the URL. */
  onChange?: TableProps<Row>['onChange'];
  rowSelection?: TableProps<Row>['rowSelection'];
  /** False keeps the table a table on a phone (its columns already fit there). */
  stack?: boolean;
}

/**
 * An antd table of one server page. Below 768 px (admin.css) each row is a card and each cell shows
 * its column's title from `data-label`, so a phone never scrolls sideways: give columns plain-text titles.
 */
export function AdminTable<Row extends { id: number | string }>({
  columns,
  result,
  loading,
  page,
  pageSize,
  totalNoun,
  emptyText,
  onChange,
  rowSelection,
  stack = true,
}: AdminTableProps<Row>) {
  const [params, setParams] = useSearchParams();
  const labelled = !stack
    ? columns
    : columns?.map((column) => ({
        ...column,
        onCell: () => ({ 'data-label': typeof column.title === 'string' ? column.title : undefined }) as HTMLAttributes<HTMLElement>,
      }));
  const toPage: TableProps<Row>['onChange'] = (pagination) => {
    const next = new URLSearchParams(params);
    next.set('page', String(pagination.current ?? 1));
    setParams(next);
  };
  return (
    <div className={`table-scroll${stack ? ' admin-table-stacked' : ''}`}>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={labelled}
        dataSource={result?.data ?? []}
        loading={loading}
        onChange={onChange ?? toPage}
        rowSelection={rowSelection}
        pagination={{
          current: page,
          pageSize,
          total: result?.totalCount ?? 0,
          showSizeChanger: false,
          showTotal: (count) => `Total ${count} ${totalNoun}`,
          size: 'small',
        }}
        locale={{ emptyText }}
        components={stack ? STACKED_HEADER : undefined}
      />
    </div>
  );
}

/** What a list tab is, whatever its filters and page: defined once beside the tab. */
export interface AdminListKind<Row> {
  className: string;
  columns: TableProps<Row>['columns'];
  /** The word after the total: "Total 12 entries". */
  totalNoun: string;
  emptyText: string;
  exportLabel: string;
}

export interface AdminListProps<Row> {
  kind: AdminListKind<Row>;
  /** The list query's state (an RTK Query result): the server's page once it came, and whether one is on its way. */
  fetched: { data?: { data: Row[]; totalCount: number }; isFetching: boolean };
  page: number;
  /** The filter controls (labelled inputs and selects). */
  filters: ReactNode;
  /** When given, the filters are a form named `label` with a Filter button that calls it. */
  filter?: { label: string; onSubmit: () => void };
  /** The API path of the CSV, with the filters it should follow. */
  exportPath: string;
}

/** A list tab of /admin: filters and a CSV export above an AdminTable of ADMIN_PAGE_SIZE rows a page. */
export function AdminList<Row extends { id: number | string }>({ kind, fetched, page, filters, filter, exportPath }: AdminListProps<Row>) {
  const { className, exportLabel, ...words } = kind;
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadExport(exportPath);
    } catch {
      // The API client showed the message.
    } finally {
      setExporting(false);
    }
  };

  const exportButton = (
    <button type="button" className="button" disabled={exporting} onClick={exportCsv}>
      {exporting ? 'Exporting…' : exportLabel}
    </button>
  );

  return (
    <div className={className}>
      {filter ? (
        <form
          className="admin-filters"
          aria-label={filter.label}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            filter.onSubmit();
          }}
        >
          {filters}
          <button type="submit" className="button button-primary">
            Filter
          </button>
          {exportButton}
        </form>
      ) : (
        <div className="admin-filters">
          {filters}
          {exportButton}
        </div>
      )}
      <AdminTable<Row> {...words} result={fetched.data} loading={fetched.isFetching} page={page} pageSize={ADMIN_PAGE_SIZE} />
    </div>
  );
}
