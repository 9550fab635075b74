import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { dismissToast, useToast, type ToastType } from '../lib/toast';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon, MoreIcon } from './icons';
import './Toaster.css';

const ICONS: Record<ToastType, ComponentType> = { success: CheckIcon, warning: AlertIcon, error: CloseIcon, loading: MoreIcon, info: InfoIcon };

/** Shows the one current toast (see lib/toast). */
export function Toaster() {
  const toast = useToast();
  if (!toast) return null;
  const Glyph = ICONS[toast.type];
  return (
    <div className="toast-layer" aria-live="polite">
      <div
        key={toast.id}
        className={`toast toast-${toast.type}`}
        role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
        data-testid="toast"
        data-type={toast.type}
        onClick={() => dismissToast(toast.id)}
      >
        <span className="toast-icon" aria-hidden="true">
          <Glyph />
        </span>
        <span className="toast-message">{toast.message}</span>
        {toast.link && (
          <Link className="toast-link" to={toast.link.to} data-testid="toast-link">
            {toast.link.label}
          </Link>
        )}
      </div>
    </div>
  );
}
