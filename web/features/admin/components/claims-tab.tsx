// The Claims tab of /admin (docs/product.md section 20): claims of imported practices, those with a document
// waiting first (oldest first), with the practice, the claimant, the licence and the document; an administrator
// approves (the practice is transferred at once) or rejects with a reason, and can restore a practice as it was
// before an approved claim. Loaded only when the tab opens.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Claim } from '../../../../shared/schemas/import-claim';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/form-error';
import { Pagination } from '../../../components/ui/pagination';
import { failureMessage } from '../../../lib/api';
import { formatDateTime } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import { useAdminClaimsQuery, useDecideClaimMutation, useRestoreClaimMutation, type ClaimListState } from '../api/claims';
import { downloadExport } from './download';
import { StateTabs } from './state-tabs';
import { routePath } from '../../../../shared/routes';

const STATES: { state: ClaimListState; label: string; empty: string }[] = [
  { state: 'waiting', label: 'Waiting', empty: 'No claims are waiting for a decision.' },
  { state: 'code_sent', label: 'Code sent', empty: 'No claims are waiting for their e-mailed code.' },
  { state: 'approved', label: 'Approved', empty: 'No approved claims.' },
  { state: 'rejected', label: 'Rejected', empty: 'No rejected claims.' },
  { state: 'restored', label: 'Restored', empty: 'No restored claims.' },
];
const PAGE_SIZE = 10;

function RejectDialog({ claim, onClose }: { claim: Claim; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [decide, { isLoading }] = useDecideClaimMutation();
  const send = async () => {
    if (reason.trim().length < 10) {
      setProblem('Give the claimant a reason of at least 10 characters.');
      return;
    }
    const answer = await decide({ claim_id: claim.id, decision: 'reject', reason: reason.trim(), doctor_id: claim.doctor_id });
    if (answer.error) {
      setProblem(failureMessage(answer.error, 'The decision could not be saved. Please try again.'));
      return;
    }
    toast.success('The claim is rejected; the claimant was e-mailed the reason.');
    onClose();
  };
  return (
    <Dialog
      open
      title={`Reject the claim of ${claim.clinic_name ?? 'this practice'}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={isLoading}>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={() => void send()} disabled={isLoading} aria-busy={isLoading}>
            Reject and e-mail the claimant
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason (the claimant reads it in the e-mail)</label>
        <textarea id={`${id}-reason`} className="textarea" rows={4} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <FormError id={`${id}-problem`}>{problem}</FormError>
    </Dialog>
  );
}

function ClaimEntry({ claim }: { claim: Claim }) {
  const [rejecting, setRejecting] = useState(false);
  const [decide, decision] = useDecideClaimMutation();
  const [restore, restoring] = useRestoreClaimMutation();
  const approve = async () => {
    const answer = await decide({ claim_id: claim.id, decision: 'approve', reason: '', doctor_id: claim.doctor_id });
    if (answer.error) toast.error(failureMessage(answer.error, 'The decision could not be saved. Please try again.'));
    else toast.success('The practice is transferred to the claimant; they were e-mailed.');
  };
  const undo = async () => {
    if (!window.confirm(`Put ${claim.clinic_name ?? 'this practice'} back as it was before this claim? The vet gets their own account back.`)) return;
    const answer = await restore({ claim_id: claim.id, doctor_id: claim.doctor_id });
    if (!answer.error) toast.success('The practice is unclaimed again.');
  };
  return (
    <li className="card queue-item">
      <div className="queue-head">
        <div>
          <p>
            <Link to={routePath('doctorProfile', { id: claim.doctor_id })}>
              <strong>{claim.clinic_name ?? `Practice ${claim.doctor_id}`}</strong>
            </Link>{' '}
            · {claim.practice_address}
            {claim.website_url ? ` · ${claim.website_url}` : ''}
          </p>
          <p className="muted small">
            Claimed by {claim.claimant_name ?? 'a deleted account'} ({claim.claimant_email}) · licence {claim.license_number}, {claim.license_state} ·{' '}
            {claim.method === 'email' ? `code to ${claim.email}` : 'by document'} · {formatDateTime(claim.created_at)}
            {claim.decided_at ? ` · decided ${formatDateTime(claim.decided_at)}` : ''}
          </p>
          {claim.reason && <p className="small">Reason: {claim.reason}</p>}
        </div>
        <div className="queue-actions">
          {claim.has_document && (
            <button type="button" className="button" onClick={() => void downloadExport(`/admin/claim-document?claim_id=${claim.id}`)}>
              Document
            </button>
          )}
          {claim.state === 'waiting' && (
            <>
              <button type="button" className="button button-primary" onClick={() => void approve()} disabled={decision.isLoading}>
                Approve
              </button>
              <button type="button" className="button button-danger" onClick={() => setRejecting(true)}>
                Reject
              </button>
            </>
          )}
          {claim.restorable && (
            <button type="button" className="button" onClick={() => void undo()} disabled={restoring.isLoading}>
              Restore
            </button>
          )}
        </div>
      </div>
      {rejecting && <RejectDialog claim={claim} onClose={() => setRejecting(false)} />}
    </li>
  );
}

export default function ClaimsTab() {
  const [state, setState] = useState<ClaimListState>('waiting');
  const [page, setPage] = useState(1);
  const list = useAdminClaimsQuery({ state, page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const result = list.isError ? undefined : list.currentData;
  const current = STATES.find((s) => s.state === state)!;
  return (
    <>
      {result && result.waiting > 0 && (
        <p className="muted">
          {result.waiting} waiting; the oldest since {formatDateTime(result.oldest_waiting_at!)}.
        </p>
      )}
      <StateTabs
        tabs={STATES}
        state={state}
        count={result?.total}
        onChange={(next) => {
          setState(next);
          setPage(1);
        }}
      />
      {!result ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading claims…</span>
          {[0, 1].map((i) => (
            <div key={i} className="card skeleton-card" aria-hidden="true" />
          ))}
        </div>
      ) : result.data.length === 0 ? (
        <p className="empty-state">{current.empty}</p>
      ) : (
        <ul className="queue" aria-busy={list.isFetching}>
          {result.data.map((claim) => (
            <ClaimEntry key={claim.id} claim={claim} />
          ))}
        </ul>
      )}
      {result && result.total > PAGE_SIZE && <Pagination page={page} pageSize={PAGE_SIZE} total={result.total} onChange={setPage} />}
    </>
  );
}
