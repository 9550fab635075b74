import { Link } from 'react-router';
import { useI18n, type MessageKey } from '../../lib/i18n';
import type { FeatureRoute } from './catalogue';
import { FeatureArt } from './FeatureArt';

interface Props {
  def: FeatureRoute;
  /** Not open yet: no link, a 即将上线 badge instead of the call to action. */
  soon?: boolean;
}

/** A feature on the home page: its picture, its name and one line on what it does. */
export function FeatureCard({ def, soon = false }: Props) {
  const { t } = useI18n();
  const body = (
    <>
      <FeatureArt page={def.page} />
      <span className="feature-text">
        <strong>{t(def.titleKey)}</strong>
        <span className="muted">{t(`feature.${def.page}.line` as MessageKey)}</span>
      </span>
      {soon ? (
        <span className="badge soon">{t('feature.soon')}</span>
      ) : (
        <span className="feature-cta">{t('feature.open')}</span>
      )}
    </>
  );
  if (soon) {
    return (
      <div className="card feature-card soon" data-testid={`feature-soon-${def.path}`}>
        {body}
      </div>
    );
  }
  return (
    <Link to={def.path} className="card feature-card" data-testid={def.page === 'cutout' ? 'home-cutout-link' : `feature-${def.path}`}>
      {body}
    </Link>
  );
}
