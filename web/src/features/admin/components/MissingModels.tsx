import { useCapabilities, type MissingModel } from '../../../lib/capabilities';
import { useI18n } from '../../../lib/i18n';

interface Needed {
  model: MissingModel;
  bizTypes: string[];
}

/** Each missing model once, with the task types waiting for it. */
function neededModels(bizTypes: Record<string, { missingModels: MissingModel[] }>): Needed[] {
  const byId = new Map<string, Needed>();
  for (const [bizType, cap] of Object.entries(bizTypes)) {
    for (const model of cap.missingModels) {
      const entry = byId.get(model.id) ?? { model, bizTypes: [] };
      entry.bizTypes.push(bizType);
      byId.set(model.id, entry);
    }
  }
  return [...byId.values()];
}

/**
 * For operators: the models no worker has loaded, which features wait for
 * them, their licence and how to install them. Merchants only see those
 * features as coming soon.
 */
export function MissingModels() {
  const { t } = useI18n();
  const { capabilities } = useCapabilities();
  const needed = neededModels(capabilities?.bizTypes ?? {});
  return (
    <section data-testid="admin-missing-models">
      <h2>{t('capability.admin.title')}</h2>
      {needed.length === 0 ? (
        <p className="muted">{t('capability.admin.none')}</p>
      ) : (
        <>
          <p className="muted">{t('capability.modelMissing.desc')}</p>
          <ul className="capability-models">
            {needed.map(({ model, bizTypes }) => (
              <li key={model.id} data-testid="capability-model" data-model-id={model.id}>
                <strong>{model.name}</strong> <code>{model.id}</code>
                <div className="muted">
                  {t('capability.admin.for', { types: bizTypes.join(', ') })} · {t('capability.model.licence', { licence: model.licence })}
                  {!model.commercialUse && <span className="capability-nc"> · {t('capability.model.nonCommercial')}</span>}
                </div>
                {model.install && (
                  <div>
                    {t('capability.model.install')}: <code className="capability-install">{model.install}</code>
                  </div>
                )}
                {model.reason && <div className="muted">{t('capability.model.reason', { reason: model.reason })}</div>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
