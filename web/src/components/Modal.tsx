import { useEffect, useId, useState, type ReactNode } from 'react';
import { CloseIcon } from './icons';

/** Modal timings: opens after 30 ms, closes after 100 ms (desktop) or 200 ms (mobile). */
export const MODAL_OPEN_DELAY_MS = 30;
export const MODAL_CLOSE_DELAY_MS = { desktop: 100, mobile: 200 } as const;
export type ModalVariant = keyof typeof MODAL_CLOSE_DELAY_MS;

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
  /** false: no ×, Escape and the backdrop do nothing (e.g. the MoTT login overlay). */
  closable?: boolean;
  variant?: ModalVariant;
  className?: string;
}

/**
 * Mounted while open and for the close delay after; `shown` turns on
 * 30 ms after opening so the CSS transition runs.
 */
export function useModalPresence(open: boolean, variant: ModalVariant = 'desktop') {
  const [shown, setShown] = useState(false);
  const [lingering, setLingering] = useState(false);
  const closeDelay = MODAL_CLOSE_DELAY_MS[variant];
  useEffect(() => {
    if (open) {
      const timer = setTimeout(() => {
        setShown(true);
        setLingering(true);
      }, MODAL_OPEN_DELAY_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => {
      setShown(false);
      setLingering(false);
    }, closeDelay);
    return () => clearTimeout(timer);
  }, [open, closeDelay]);
  return { mounted: open || lingering, shown: open && shown };
}

/** A centred dialog (a bottom sheet on mobile) over a dimmed page. */
export function Modal({
  open,
  title,
  onClose,
  closeLabel,
  children,
  testId,
  closable = true,
  variant = 'desktop',
  className,
}: ModalProps) {
  const titleId = useId();
  const { mounted, shown } = useModalPresence(open, variant);
  useEffect(() => {
    if (!open || !closable) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, closable, onClose]);

  if (!mounted) return null;
  const classes = ['modal-backdrop', `modal-${variant}`, shown ? 'is-open' : 'is-closing'];
  return (
    <div
      className={classes.join(' ')}
      data-state={open ? 'open' : 'closing'}
      onMouseDown={(e) => closable && open && e.target === e.currentTarget && onClose()}
    >
      <div
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-hidden={!open}
        aria-labelledby={titleId}
        data-testid={open ? testId : undefined}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          {closable && (
            <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose} data-testid="modal-close">
              <CloseIcon />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
