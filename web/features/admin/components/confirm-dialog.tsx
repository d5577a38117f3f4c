// A confirmation before an administrator's action, on the one native dialog (components/ui/dialog).
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';

interface Props {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** False keeps the confirm button disabled (e.g. until the e-mail address is typed). */
  ready?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

export function ConfirmDialog({ open, title, confirmLabel, danger, busy, ready = true, onCancel, onConfirm, children }: Props) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={`button ${danger ? 'button-danger' : 'button-primary'}`} disabled={busy || !ready} onClick={onConfirm}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
