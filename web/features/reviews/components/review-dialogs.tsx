// The two confirmations a review's reader may open: report it to the administrators with a reason, or (its author)
// delete it (docs/product.md section 13). A refusal stays in the dialog with the reason still typed.
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteReviewMutation } from '../api/delete-review';
import { useReportReviewMutation } from '../api/report-review';
import { REVIEW_LIMITS } from '../../../../shared/lib/review-rules';

export function ReportDialog({ reviewId, doctorId, title, onClose }: { reviewId: number; doctorId: number; title: string; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [report, { isLoading }] = useReportReviewMutation();
  const send = async () => {
    if (!reason.trim()) {
      setProblem('Tell us what is wrong with this review.');
      return;
    }
    const answer = await report({ review_id: reviewId, reason: reason.trim(), doctor_id: doctorId });
    if (answer.error) {
      setProblem(failureMessage(answer.error, 'The report could not be sent. Please try again.'));
      return;
    }
    toast.success('Thank you. An administrator will look at this review.');
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title="Report this review"
      confirmLabel="Send report"
      busyLabel="Sending…"
      danger
      busy={isLoading}
      onCancel={onClose}
      onConfirm={() => void send()}
    >
      <p>
        “{title}”. Reports from three people hold a review until an administrator has checked it. Report a review that is fake, abusive, off topic or shares
        private details.
      </p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>What is wrong with it?</label>
        <textarea
          id={`${id}-reason`}
          rows={4}
          maxLength={REVIEW_LIMITS.reportReasonMax}
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

export function DeleteDialog({ reviewId, doctorId, onClose }: { reviewId: number; doctorId: number; onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteReviewMutation();
  const confirm = async () => {
    const answer = await remove({ id: reviewId, doctor_id: doctorId });
    // A refusal was shown by the API client; the dialog stays so the author can try again.
    if (answer.error) return;
    toast.success('Your review is deleted.');
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title="Delete your review?"
      confirmLabel="Delete review"
      cancelLabel="Keep it"
      busyLabel="Deleting…"
      danger
      busy={isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <p>Your review and the practice’s reply to it disappear from the practice’s page. You can write a new one later.</p>
    </ConfirmDialog>
  );
}
