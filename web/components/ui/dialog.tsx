// A modal dialog on the native <dialog> element: focus is trapped and Escape closes it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { MODAL_WIDTHS } from '../../../shared/constants/messages';
import './dialog.css';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** Another look, e.g. 'sheet': a bottom sheet on a phone (the search filters). */
  className?: string;
}

export function Dialog({ open, title, onClose, children, footer, width = MODAL_WIDTHS.medium, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Several dialogs may sit on one page (the user menu's two, one per review-queue entry): each needs its own title id.
  const titleId = useId();
  // NOTE: closing programmatically also fires 'close'; only a close the user caused reports onClose,
  // or a dialog that hands over to another would reset the caller's state afterwards.
  const openRef = useRef(open);
  openRef.current = open;
  const userClosed = () => {
    if (openRef.current) onClose();
  };
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      style={{ maxWidth: `min(${width}px, calc(100vw - 32px))` }}
      aria-labelledby={titleId}
      onClose={userClosed}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="dialog-body">{children}</div>
      {footer && <div className="dialog-foot">{footer}</div>}
    </dialog>
  );
}
