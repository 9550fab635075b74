import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ComingSoon } from '../app/catalogue/ComingSoon';
import { findRoute } from '../app/routes/registry';
import { useCapability, type BizCapability } from '../lib/capabilities';
import { useI18n } from '../lib/i18n';

/**
 * Wraps a generation page's form: shows it when a worker in the caller's
 * pool can serve `bizType` (with a notice when no worker is online and the
 * task will wait); otherwise the feature is coming soon (its model is not
 * installed, or only non-commercial models would serve it) and the page
 * says so instead of showing a form that can only fail. While the
 * capabilities load, or if they cannot be had, the form is shown: the API
 * gates the submit itself.
 *
 *   <CapabilityGate bizType="MATTING_IMAGE"><CutoutForm /></CapabilityGate>
 */
export function CapabilityGate({ bizType, children }: { bizType: string; children: ReactNode }) {
  const { capability } = useCapability(bizType);
  // Accepted by the API: the task waits for a worker. Say so, keep the form.
  const waiting = capability?.state === 'waiting' || capability?.state === 'noWorker' ? capability.state : null;
  if (capability && !waiting && capability.state !== 'available') return <CapabilityUnavailable capability={capability} />;
  // The form keeps its place whether or not the notice shows: a worker
  // coming online must not reset what the merchant has filled in.
  return (
    <>
      {waiting && <WaitingNotice state={waiting} />}
      {children}
    </>
  );
}

function WaitingNotice({ state }: { state: 'waiting' | 'noWorker' }) {
  const { t } = useI18n();
  return (
    <div className="capability-notice" role="status" data-testid={`capability-${state}`}>
      {state === 'waiting' ? t('capability.waiting') : t('capability.noWorker')}
    </div>
  );
}

/**
 * The page body for a task type that cannot be served now. Merchants read
 * what the feature will do and that it is coming soon; which model is
 * missing and how to install it is for operators, on the admin page.
 */
export function CapabilityUnavailable({ capability }: { capability: BizCapability }) {
  const { pathname } = useLocation();
  return <ComingSoon def={findRoute(pathname)} testId={`capability-${capability.state}`} bizType={capability.bizType} />;
}
