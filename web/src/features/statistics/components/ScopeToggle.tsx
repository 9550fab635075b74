import { useI18n } from '../../../lib/i18n';
import type { StatisticsScope } from '../api/statistics';

const SCOPES: readonly StatisticsScope[] = ['mine', 'tenant'];

/** 我的 / 团队: the team's figures are counts only, so any member may see them. */
export function ScopeToggle({ value, onChange }: { value: StatisticsScope; onChange: (s: StatisticsScope) => void }) {
  const { t } = useI18n();
  return (
    <div className="stats-segmented" role="group" aria-label={t('stats.scope')}>
      {SCOPES.map((s) => (
        <button
          key={s}
          type="button"
          className={value === s ? 'button active' : 'button'}
          aria-pressed={value === s}
          data-testid={`stats-scope-${s}`}
          onClick={() => onChange(s)}
        >
          {t(`stats.scope.${s}`)}
        </button>
      ))}
    </div>
  );
}
