import { Link } from 'react-router';
import { dismissToast, useToast } from '../lib/toast';
import './Toaster.css';

const ICONS = { success: '✓', warning: '!', error: '×', loading: '…', info: 'i' } as const;

/** Shows the one current toast (see lib/toast). */
export function Toaster() {
  const toast = useToast();
  if (!toast) return null;
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
          {ICONS[toast.type]}
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
