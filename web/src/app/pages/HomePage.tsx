import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';

export function HomePage() {
  const { t } = useI18n();
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p className="muted">{t('home.subtitle')}</p>
      </section>
      <Link to="/ai-cutout" className="card feature-card" data-testid="home-cutout-link">
        <span className="feature-icon checkerboard" aria-hidden="true" />
        <span>
          <strong>{t('home.cutout.title')}</strong>
          <span className="muted block">{t('home.cutout.desc')}</span>
        </span>
        <span className="button primary small">{t('home.cutout.cta')}</span>
      </Link>
    </div>
  );
}
