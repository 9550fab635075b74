import type { ReactNode } from 'react';
import { useCapability, type BizCapability, type MissingModel } from '../lib/capabilities';
import { useI18n } from '../lib/i18n';

/**
 * Wraps a generation page's form: shows it when a worker in the caller's
 * pool can serve `bizType` (with a notice when no worker is online and the
 * task will wait); otherwise says why not (model missing, and which model
 * and how to install it; refused by the non-commercial policy) instead of a
 * form that can only fail. While the
 * capabilities load, or if they cannot be had, the form is shown: the API
 * gates the submit itself.
 *
 *   <CapabilityGate bizType="MATTING_IMAGE"><CutoutForm /></CapabilityGate>
 */
export function CapabilityGate({ bizType, children }: { bizType: string; children: ReactNode }) {
  const { capability } = useCapability(bizType);
  if (!capability || capability.state === 'available') return <>{children}</>;
  // Accepted by the API: the task waits for a worker. Say so, keep the form.
  if (capability.state === 'waiting' || capability.state === 'noWorker') {
    return (
      <>
        <WaitingNotice state={capability.state} />
        {children}
      </>
    );
  }
  return <CapabilityUnavailable capability={capability} />;
}

function WaitingNotice({ state }: { state: 'waiting' | 'noWorker' }) {
  const { t } = useI18n();
  return (
    <div className="capability-notice" role="status" data-testid={`capability-${state}`}>
      {state === 'waiting' ? t('capability.waiting') : t('capability.noWorker')}
    </div>
  );
}

/** The page body for a task type that cannot be served now. */
export function CapabilityUnavailable({ capability }: { capability: BizCapability }) {
  const { t } = useI18n();
  const { state, missingModels, lackingPools } = capability;
  const [title, desc] =
    state === 'notAllowed'
      ? [t('capability.notAllowed.title'), t('capability.notAllowed.desc')]
      : [t('capability.modelMissing.title'), t('capability.modelMissing.desc')];
  return (
    <div className="page capability-gate" data-testid={`capability-${state}`} data-biz-type={capability.bizType}>
      <h1>{title}</h1>
      <p className="muted">{desc}</p>
      {missingModels.length > 0 && (
        <ul className="capability-models">
          {missingModels.map((m) => (
            <ModelRow key={m.id} model={m} />
          ))}
        </ul>
      )}
      {lackingPools.length > 0 && (
        <p className="muted" data-testid="capability-lacking-pools">
          {t('capability.lackingPools', { pools: lackingPools.join(', ') })}
        </p>
      )}
    </div>
  );
}

function ModelRow({ model }: { model: MissingModel }) {
  const { t } = useI18n();
  return (
    <li data-testid="capability-model" data-model-id={model.id}>
      <strong>{model.name}</strong> <code>{model.id}</code>
      <div className="muted">
        {t('capability.model.licence', { licence: model.licence })}
        {!model.commercialUse && <span className="capability-nc"> · {t('capability.model.nonCommercial')}</span>}
      </div>
      {model.install && (
        <div>
          {t('capability.model.install')}: <code className="capability-install">{model.install}</code>
        </div>
      )}
      {model.reason && <div className="muted">{t('capability.model.reason', { reason: model.reason })}</div>}
    </li>
  );
}
