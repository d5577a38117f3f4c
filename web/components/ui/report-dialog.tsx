// A reader's report of something another person wrote (a review, a message) to the administrators, with a reason
// (docs/product.md sections 13 and 32.6). An empty reason or a refusal stays in the dialog with the reason still typed.
import { useId, useState, type ReactNode } from 'react';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';

interface Props {
  title: string;
  /** What may be reported and what a report does, above the reason box. */
  children: ReactNode;
  reasonMax: number;
  /** The sentence shown when no reason is typed. */
  emptyProblem: string;
  /** The toast once the report is sent. */
  thanks: string;
  busy: boolean;
  /** Sends the trimmed reason; an `error` in the answer keeps the dialog open with its sentence. */
  send: (reason: string) => Promise<{ error?: unknown }>;
  onClose: () => void;
}

export function ReportDialog({ title, children, reasonMax, emptyProblem, thanks, busy, send, onClose }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = async () => {
    if (!reason.trim()) {
      setProblem(emptyProblem);
      return;
    }
    const answer = await send(reason.trim());
    if (answer.error) {
      setProblem(failureMessage(answer.error, 'The report could not be sent. Please try again.'));
      return;
    }
    toast.success(thanks);
    onClose();
  };
  return (
    <ConfirmDialog open title={title} confirmLabel="Send report" busyLabel="Sending…" danger busy={busy} onCancel={onClose} onConfirm={() => void submit()}>
      {children}
      <div className="field">
        <label htmlFor={`${id}-reason`}>What is wrong with it?</label>
        <textarea
          id={`${id}-reason`}
          rows={4}
          maxLength={reasonMax}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      <FormError id={`${id}-problem`}>{problem}</FormError>
    </ConfirmDialog>
  );
}
