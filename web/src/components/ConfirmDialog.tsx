import type { ReactNode } from 'react';
import { Modal, type ModalVariant } from './Modal';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirmed action is running: the confirm button waits. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
  variant?: ModalVariant;
}

/** Asks before an action that cannot be undone (Escape, × and the backdrop cancel). */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, pending = false, onConfirm, onCancel, testId, variant }: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel} closeLabel={cancelLabel} testId={testId} variant={variant}>
      <p>{message}</p>
      <div className="modal-actions">
        <button type="button" className="button primary" data-testid="confirm-ok" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button ghost" data-testid="confirm-cancel" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </Modal>
  );
}
