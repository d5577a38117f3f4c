// The two confirmations a review's reader may open: report it to the administrators with a reason, or (its author)
// delete it (docs/product.md section 13). A refusal stays in the dialog with the reason still typed.
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ReportDialog } from '../../../components/ui/report-dialog';
import { toast } from '../../../lib/toast';
import { useDeleteReviewMutation } from '../api/delete-review';
import { useReportReviewMutation } from '../api/report-review';
import { REVIEW_LIMITS } from '../../../../shared/lib/review-rules';

export function ReportReviewDialog({ reviewId, doctorId, title, onClose }: { reviewId: number; doctorId: number; title: string; onClose: () => void }) {
  const [report, { isLoading }] = useReportReviewMutation();
  return (
    <ReportDialog
      title="Report this review"
      reasonMax={REVIEW_LIMITS.reportReasonMax}
      emptyProblem="Tell us what is wrong with this review."
      thanks="Thank you. An administrator will look at this review."
      busy={isLoading}
      send={(reason) => report({ review_id: reviewId, reason, doctor_id: doctorId })}
      onClose={onClose}
    >
      <p>
        “{title}”. Reports from three people hold a review until an administrator has checked it. Report a review that is fake, abusive, off topic or shares
        private details.
      </p>
    </ReportDialog>
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
