// A confirmation before an action (an administrator's, or a reader's on a review), on the one native dialog.
import type { ReactNode } from 'react';
import { Dialog } from './dialog';

interface Props {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** The cancel button's words; 'Cancel' unless said. */
  cancelLabel?: string;
  /** What the confirm button says while the action runs; 'Working…' unless said. */
  busyLabel?: string;
  danger?: boolean;
  busy?: boolean;
  /** False keeps the confirm button disabled (e.g. until the e-mail address is typed). */
  ready?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

export function ConfirmDialog(props: Props) {
  const { open, title, confirmLabel, cancelLabel = 'Cancel', busyLabel = 'Working…', danger, busy, ready = true, onCancel, onConfirm, children } = props;
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${danger ? 'button-danger' : 'button-primary'}`}
            disabled={busy || !ready}
            aria-busy={busy}
            onClick={onConfirm}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
