import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { isFeaturePage } from '../catalogue/catalogue';
import { ComingSoon } from '../catalogue/ComingSoon';
import { openLoginDialog } from '../../lib/session';
import type { RouteDef } from '../routes/registry';
import { ForbiddenImage, NotFoundImage, SoonImage } from './Illustrations';

/** Desktop: an unknown path. */
export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <div className="page status-page" data-testid="not-found-page">
      <NotFoundImage />
      <h1>{t('app.notFound')}</h1>
      <Link to="/" className="button primary">
        {t('app.backHome')}
      </Link>
    </div>
  );
}

/** /403, and a route this brand or user may not open. */
export function ForbiddenPage() {
  const { t } = useI18n();
  return (
    <div className="page status-page" data-testid="forbidden-page">
      <ForbiddenImage />
      <h1>{t('shell.forbidden.title')}</h1>
      <p className="muted">{t('shell.forbidden.desc')}</p>
      <Link to="/" className="button primary">
        {t('app.backHome')}
      </Link>
    </div>
  );
}

/**
 * A spec route whose feature is not built yet: says so, offers nothing
 * fake. A built feature the deployment has not switched on (a flag) is
 * coming soon, with what it will do.
 */
export function NotAvailablePage({ def }: { def: RouteDef }) {
  const { t } = useI18n();
  if (isFeaturePage(def.page)) return <ComingSoon def={def} testId="not-available-page" />;
  return (
    <div className="page status-page" data-testid="not-available-page">
      <SoonImage />
      <h1>{t('shell.notAvailable.title')}</h1>
      <p className="muted">{t('shell.notAvailable.desc', { name: t(def.titleKey) })}</p>
      <Link to="/" className="button primary">
        {t('app.backHome')}
      </Link>
    </div>
  );
}

/** A login-guarded route opened by a visitor (the login dialog opens too). */
export function LoginRequiredPage({ def }: { def: RouteDef }) {
  const { t } = useI18n();
  return (
    <div className="page status-page" data-testid="login-required-page">
      <ForbiddenImage />
      <h1>{t('shell.loginRequired.title')}</h1>
      <p className="muted">{t('shell.loginRequired.desc', { name: t(def.titleKey) })}</p>
      <button type="button" className="button primary" onClick={openLoginDialog}>
        {t('app.login')}
      </button>
    </div>
  );
}

export function LoadingPage() {
  const { t } = useI18n();
  return (
    <div className="page status-page" data-testid="page-loading" aria-busy="true">
      <p className="muted">{t('app.loading')}</p>
    </div>
  );
}
