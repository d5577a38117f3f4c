// The Backups tab of /admin (docs/product.md 29.2; decision 180): 'Back up now' with its progress, and the kept
// backups (scheduled and manual, newest first) with their time and size. 'Download' asks the server for a
// two-minute link and lets the browser download the file itself, with the administrator's own session.
import { useId, useState } from 'react';
import type { BackupFile } from '../../../../shared/schemas/backup';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api';
import { countOf, fileSize, formatDateTime } from '../../../../shared/lib/formats';
import { downloadUrl } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { useBackupLinkMutation, useBackupsQuery, useCreateBackupMutation } from '../api/backups';
import './backups-tab.css';

const KIND_LABELS: Record<BackupFile['kind'], string> = { scheduled: 'Scheduled', manual: 'Back up now' };

function scheduleText(everyHours: number, keep: number): string {
  if (everyHours === 0) return 'Scheduled backups are turned off on this server (BACKUP_EVERY_HOURS is 0).';
  const every = everyHours === 1 ? 'every hour' : `every ${countOf(everyHours, 'hour')}`;
  return `The server also makes a backup ${every}. It keeps the newest ${keep} of each kind and removes older ones.`;
}

export default function BackupsTab() {
  const id = useId();
  const list = useBackupsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [create, { isLoading: making }] = useCreateBackupMutation();
  const [makeLink] = useBackupLinkMutation();
  const [problem, setProblem] = useState<string>();
  const [fresh, setFresh] = useState<string>();
  const [opening, setOpening] = useState<string>();
  const answer = list.currentData;

  const backUpNow = async () => {
    setProblem(undefined);
    const made = await create();
    if (made.error) {
      setProblem(failureMessage(made.error, 'The backup could not be made. Please try again.'));
      return;
    }
    const { backup } = made.data;
    setFresh(backup.name);
    toast.success(`Backup made: ${formatDateTime(backup.created_at)}, ${fileSize(backup.size)}.`);
    void list.refetch();
  };

  const download = async (file: BackupFile) => {
    setProblem(undefined);
    setOpening(file.name);
    const link = await makeLink({ name: file.name });
    setOpening(undefined);
    if (link.error) {
      setProblem(failureMessage(link.error, 'The download could not start. Please try again.'));
      void list.refetch();
      return;
    }
    downloadUrl(link.data.url, file.name);
  };

  return (
    <div className="backups-tab">
      <section className="card" aria-labelledby={`${id}-now`}>
        <h2 id={`${id}-now`}>Back up now</h2>
        <p className="small">
          Makes a consistent copy of the whole database, uploaded files included, and keeps it on the server with the other backups. Restore one with{' '}
          <code>npm run restore -- --file F</code> into an empty data folder.
        </p>
        {answer && !answer.available ? (
          <p className="notice">{answer.message}</p>
        ) : (
          <button type="button" className="button button-primary" onClick={() => void backUpNow()} disabled={making || !answer} aria-busy={making || undefined}>
            {making ? 'Backing up…' : 'Back up now'}
          </button>
        )}
        <div role="status" className="backup-progress">
          {making && (
            <>
              <span className="spinner spinner-small" aria-hidden="true" /> Making a backup of the whole database… this takes a few seconds.
            </>
          )}
        </div>
        <FormError id={`${id}-problem`}>{problem}</FormError>
      </section>
      <section className="card" aria-labelledby={`${id}-kept`} aria-busy={list.isFetching || undefined}>
        <h2 id={`${id}-kept`}>Backups on the server</h2>
        {answer && answer.available && <p className="small muted">{scheduleText(answer.every_hours, answer.keep)}</p>}
        {!answer ? (
          <div className="card skeleton-card" aria-hidden="true" />
        ) : answer.data.length === 0 ? (
          answer.available && <p className="empty-state">No backups yet. Press Back up now to make the first one.</p>
        ) : (
          <ul className="backup-list">
            {answer.data.map((file) => (
              <li key={file.name} className={`backup-item${file.name === fresh ? ' is-fresh' : ''}`}>
                <div className="backup-facts">
                  <strong>{formatDateTime(file.created_at)}</strong>
                  <span className={`badge${file.kind === 'manual' ? ' badge-manual' : ''}`}>{KIND_LABELS[file.kind]}</span>
                  <span className="muted small">{fileSize(file.size)}</span>
                  <span className="muted small backup-name">{file.name}</span>
                </div>
                <button
                  type="button"
                  className="button"
                  onClick={() => void download(file)}
                  disabled={opening === file.name}
                  aria-busy={opening === file.name || undefined}
                >
                  Download<span className="visually-hidden"> the backup of {formatDateTime(file.created_at)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
