// A reader's two safety actions in a conversation (docs/product.md section 32.6): report a message to the
// administrators with a reason, and block the thread after a confirmation. A refusal stays in the dialog.
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { ReportDialog } from '../../../components/ui/report-dialog';
import { failureMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useBlockThreadMutation, useReportMessageMutation } from '../api/block-and-report';
import { MESSAGE_LIMITS } from '../api/types';

export function ReportMessageDialog({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const [report, { isLoading }] = useReportMessageMutation();
  return (
    <ReportDialog
      title="Report this message"
      reasonMax={MESSAGE_LIMITS.reasonMax}
      emptyProblem="Tell us what is wrong with this message."
      thanks="Thank you. An administrator will look at this message."
      busy={isLoading}
      send={(reason) => report({ message_id: messageId, reason })}
      onClose={onClose}
    >
      <p>
        Report a message that is abusive, spam, a scam or shares private details. Reports from three people hold a message until an administrator checks it.
      </p>
    </ReportDialog>
  );
}

/** Lifts this side's own block (`blocked: false`); a refusal is the API client's toast. */
export function useUnblock(threadId: number): () => void {
  const [block] = useBlockThreadMutation();
  return () => {
    void block({ thread_id: threadId, blocked: false }).then((answer) => {
      if (!answer.error) toast.success('The conversation is open again.');
    });
  };
}

export function BlockDialog({ threadId, name, onClose }: { threadId: number; name: string; onClose: () => void }) {
  const [block, { isLoading }] = useBlockThreadMutation();
  const [problem, setProblem] = useState<string>();
  const confirm = async () => {
    const answer = await block({ thread_id: threadId });
    if (answer.error) {
      setProblem(failureMessage(answer.error, 'The conversation could not be blocked. Please try again.'));
      return;
    }
    toast.success(`${name} can no longer send you messages here.`);
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title={`Block ${name}?`}
      confirmLabel="Block"
      busyLabel="Blocking…"
      danger
      busy={isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <p>{name} will no longer be able to send you messages in this conversation. The messages so far stay here.</p>
      <FormError>{problem}</FormError>
    </ConfirmDialog>
  );
}
