import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <div className="page not-found">
      <h1>404</h1>
      <p className="muted">{t('app.notFound')}</p>
      <Link to="/" className="button primary">
        {t('app.backHome')}
      </Link>
    </div>
  );
}
