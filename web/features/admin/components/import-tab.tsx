// The Import tab of /admin (docs/product.md sections 20 and 29.6): choose a CSV file, see a dry run of what each row would
// do and why (step 1, saves nothing), then run the import (step 2) and watch its progress. The import's id lives in the URL (?tab=import&job=12),
// so the progress bar comes back after a reload; the work itself runs on the server.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { IMPORT_COLUMNS, IMPORT_LIMITS } from '../../../../shared/constants/import';
import type { ImportStatus } from '../../../../shared/schemas/import-claim';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api';
import { formatDateTime, formatNumber } from '../../../../shared/lib/formats';
import { useImportStatusQuery, useRecentImportsQuery, useStartImportMutation } from '../api/import-practices';
import './import-tab.css';

const ACTION_LABELS = { create: 'New listing', update: 'Update', skip: 'Skipped' } as const;

function Progress({ status }: { status: ImportStatus }) {
  const percent = status.total ? Math.round((status.done / status.total) * 100) : 100;
  const what = status.dry_run ? 'Dry run' : 'Import';
  return (
    <div className="card import-progress">
      <p>
        <strong>
          {what} {status.state === 'running' ? 'running' : status.state === 'done' ? 'finished' : 'stopped'}
        </strong>
        {status.file_name ? ` · ${status.file_name}` : ''} · started {formatDateTime(status.started_at)}
      </p>
      <progress max={100} value={percent} aria-label={`${what} progress`}>
        {percent}%
      </progress>
      <p className="import-counts" aria-live="polite">
        {formatNumber(status.done)} of {formatNumber(status.total)} rows · {status.dry_run ? 'would create' : 'created'} {formatNumber(status.created)} ·{' '}
        {status.dry_run ? 'would update' : 'updated'} {formatNumber(status.updated)} · skipped {formatNumber(status.skipped)}
      </p>
      {status.failure && <p className="form-error">{status.failure}</p>}
      {status.errors.length > 0 && (
        <details open={status.dry_run}>
          <summary>Rows skipped{status.errors.length < status.skipped ? ` (the first ${status.errors.length})` : ''}</summary>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {status.errors.map((error) => (
                  <tr key={error.row}>
                    <td>{error.row}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      {status.dry_run && status.rows.length > 0 && (
        // On a phone the table scrolls sideways in its own frame (focusable, so a keyboard can scroll it too).
        <div className="table-scroll" tabIndex={0} role="region" aria-label="What each row would do">
          <table className="table import-rows">
            <caption className="visually-hidden">What each row would do</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">external_id</th>
                <th scope="col">Clinic</th>
                <th scope="col">Would</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {status.rows.map((row) => (
                <tr key={row.row} className={`import-${row.action}`}>
                  <td>{row.row}</td>
                  <td>{row.external_id}</td>
                  <td>{row.clinic_name}</td>
                  <td>{ACTION_LABELS[row.action]}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** One of the two steps, each with its heading and what it does (docs/product.md 29.6). */
function ImportStep(props: {
  id: string;
  heading: string;
  help: string;
  action: string;
  primary?: boolean;
  onClick: () => void;
  disabled: boolean;
  busy: boolean;
}) {
  const { id, heading, help, action, primary = false, onClick, disabled, busy } = props;
  return (
    <section className={`import-step${primary ? ' import-step-run' : ''}`} aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      <p className="small" id={`${id}-help`}>
        {help}
      </p>
      <button
        type="button"
        className={`button${primary ? ' button-primary' : ''}`}
        onClick={onClick}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-describedby={`${id}-help`}
      >
        {action}
      </button>
    </section>
  );
}

export default function ImportTab() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || undefined;
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [start, { isLoading }] = useStartImportMutation();
  const [sending, setSending] = useState<'dry' | 'run'>();
  const recent = useRecentImportsQuery(undefined, { refetchOnMountOrArgChange: true });
  // Asked every second while the import runs (its progress is stored on the server), then no more.
  const [finished, setFinished] = useState<number>();
  const status = useImportStatusQuery(jobId ?? 0, { skip: !jobId, pollingInterval: finished === jobId ? 0 : 1000, refetchOnMountOrArgChange: true });
  const current = jobId ? status.currentData : undefined;
  useEffect(() => {
    if (current && current.state !== 'running') setFinished(current.id);
  }, [current]);
  const { refetch: refetchRecent } = recent;
  useEffect(() => {
    // The list of recent imports shows the finished state too.
    if (finished) void refetchRecent();
  }, [finished, refetchRecent]);

  const run = async (dryRun: boolean) => {
    if (!file) {
      setProblem('Choose a CSV file first.');
      return;
    }
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setProblem('The file is larger than 50 MB. Split it into smaller files and import each.');
      return;
    }
    setProblem(undefined);
    setSending(dryRun ? 'dry' : 'run');
    const answer = await start({ file, dryRun });
    setSending(undefined);
    if (answer.error) {
      setProblem(failureMessage(answer.error, 'The file could not be sent. Please try again.'));
      return;
    }
    setParams({ tab: 'import', job: String(answer.data.id) });
  };

  return (
    <div className="import-tab">
      <div className="card">
        <h2>Import practices</h2>
        <p className="muted small">
          A CSV file (UTF-8, up to 50 MB) whose first row names the columns {IMPORT_COLUMNS.join(', ')}. Latitude and longitude may be left out: the zip code’s
          centre is used. Lists are separated by “;”. Rows update earlier imports with the same external_id; practices claimed by their vet are left alone.
        </p>
        <div className="field">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setProblem(undefined);
            }}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </div>
        <FormError id={`${id}-problem`}>{problem}</FormError>
        {/* Two steps, apart: a dry run saves nothing; the import saves (docs/product.md 29.6). */}
        <div className="import-steps">
          <ImportStep
            id={`${id}-dry`}
            heading="Step 1: Dry run"
            help="Reads the whole file and shows what each row would do, and why a row would be skipped. Nothing is saved."
            action="Dry run"
            onClick={() => void run(true)}
            disabled={isLoading}
            busy={sending === 'dry'}
          />
          <ImportStep
            id={`${id}-run`}
            heading="Step 2: Run the import"
            help="Saves the practices: new listings are created and earlier imports with the same external_id are updated. Skipped rows are listed afterwards."
            action="Run the import"
            primary
            onClick={() => void run(false)}
            disabled={isLoading}
            busy={sending === 'run'}
          />
        </div>
      </div>
      {jobId && !current && !status.isError && <div className="card skeleton-card" aria-busy="true" />}
      {current && <Progress status={current} />}
      {recent.currentData && recent.currentData.data.length > 0 && (
        <div className="card">
          <h2>Recent imports</h2>
          <ul className="plain-list">
            {recent.currentData.data.map((job) => (
              <li key={job.id}>
                <button type="button" className="link-button" onClick={() => setParams({ tab: 'import', job: String(job.id) })}>
                  {formatDateTime(job.started_at)} · {job.dry_run ? 'dry run' : 'import'} {job.file_name} · {job.state} · {job.created} created, {job.updated}{' '}
                  updated, {job.skipped} skipped
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
