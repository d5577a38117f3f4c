// The Import tab of /admin (docs/product.md section 20): choose a CSV file, see a dry run of what each row would
// do and why, then run the import and watch its progress. The import's id lives in the URL (?tab=import&job=12),
// so the progress bar comes back after a reload; the work itself runs on the server.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { IMPORT_COLUMNS, IMPORT_LIMITS } from '../../../../shared/constants/import';
import type { ImportStatus } from '../../../../shared/schemas/import-claim';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useImportStatusQuery, useRecentImportsQuery, useStartImportMutation } from '../api/import-practices';

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
        {status.done.toLocaleString()} of {status.total.toLocaleString()} rows · {status.dry_run ? 'would create' : 'created'} {status.created.toLocaleString()}{' '}
        · {status.dry_run ? 'would update' : 'updated'} {status.updated.toLocaleString()} · skipped {status.skipped.toLocaleString()}
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
        <div className="table-scroll">
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

export default function ImportTab() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || undefined;
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [start, { isLoading }] = useStartImportMutation();
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
    const answer = await start({ file, dryRun });
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
        <div className="actions">
          <button type="button" className="button" onClick={() => void run(true)} disabled={isLoading} aria-busy={isLoading}>
            Dry run
          </button>
          <button type="button" className="button button-primary" onClick={() => void run(false)} disabled={isLoading}>
            Run the import
          </button>
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
