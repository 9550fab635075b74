import { Link } from 'react-router';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { SoonImage } from '../pages/Illustrations';
import type { RouteDef } from '../routes/registry';
import { isFeaturePage } from './catalogue';
import { FeatureArt } from './FeatureArt';

interface Props {
  /** The page's route; without one the wording stays generic. */
  def: RouteDef | undefined;
  testId: string;
  bizType?: string;
}

/** A feature that is not open yet: its picture, what it will do, and the way home. */
export function ComingSoon({ def, testId, bizType }: Props) {
  const { t } = useI18n();
  const page = def?.page;
  return (
    <div className="page status-page coming-soon" data-testid={testId} data-biz-type={bizType}>
      {isFeaturePage(page) ? <FeatureArt page={page} className="soon-art" /> : <SoonImage />}
      <span className="badge soon">{t('feature.soon')}</span>
      <h1>{def ? t('soon.title', { name: t(def.titleKey) }) : t('soon.generic')}</h1>
      {isFeaturePage(page) && <p>{t(`feature.${page}.line` as MessageKey)}</p>}
      <p className="muted">{t('soon.desc')}</p>
      <Link to="/" className="button primary">
        {t('app.backHome')}
      </Link>
    </div>
  );
}
