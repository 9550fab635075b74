import { Link } from 'react-router';
import { useI18n, type MessageKey } from '../../../lib/i18n';

/** The marketing pages the workbench leads to. */
export const WORKBENCH_TOOLS = [
  '/hot-topic-list',
  '/mott-idea',
  '/mott-content',
  '/content-calendar',
  '/rewrite-text',
  '/rewrite-article',
  '/topic-generate',
  '/modi-poster',
  '/mott-statistics',
] as const;

export function ToolCards() {
  const { t } = useI18n();
  return (
    <section className="panel workbench-panel workbench-tools-panel" data-testid="workbench-tools">
      <h2 className="panel-title">{t('workbench.tools')}</h2>
      <ul className="workbench-tools">
        {WORKBENCH_TOOLS.map((path) => {
          const name = path.slice(1);
          return (
            <li key={path}>
              <Link to={path} className="workbench-tool" data-testid={`workbench-tool-${name}`}>
                <strong>{t(`workbench.tool.${name}.name` as MessageKey)}</strong>
                <span className="muted">{t(`workbench.tool.${name}.desc` as MessageKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
