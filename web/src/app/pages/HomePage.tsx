import { Link } from 'react-router';
import { splitFeatures } from '../catalogue/catalogue';
import { FeatureCard } from '../catalogue/FeatureCard';
import { useCapabilities } from '../../lib/capabilities';
import { useI18n } from '../../lib/i18n';
import { RETENTION_DAYS, type ProductType } from '../../lib/retention';
import { useMenu } from '../shell';

const TIERS = Object.keys(RETENTION_DAYS) as ProductType[];

export function HomePage() {
  const { t, lang } = useI18n();
  const menu = useMenu();
  const { capabilities } = useCapabilities();
  // The menu's tool pages: those the fleet serves now, and those whose models are not installed yet.
  const { live, soon } = splitFeatures(
    menu.flatMap((s) => s.items),
    capabilities,
  );
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p className="muted">{t('home.subtitle')}</p>
      </section>

      <section className="home-section" data-testid="home-live">
        <h2>{t('home.features')}</h2>
        <div className="feature-grid">
          {live.map((def) => (
            <FeatureCard key={def.path} def={def} />
          ))}
        </div>
      </section>

      {soon.length > 0 && (
        <section className="home-section" data-testid="home-soon">
          <h2>{t('home.soon')}</h2>
          <p className="muted">{t('home.soon.desc')}</p>
          <div className="feature-grid">
            {soon.map((def) => (
              <FeatureCard key={def.path} def={def} soon />
            ))}
          </div>
        </section>
      )}

      <section className="home-section">
        <h2>{t('home.steps')}</h2>
        <ol className="steps">
          <li>{t('home.step1')}</li>
          <li>{t('home.step2')}</li>
          <li>{t('home.step3')}</li>
        </ol>
      </section>

      <section className="home-section">
        <h2>{t('home.plans')}</h2>
        <table className="plans" data-testid="retention-table">
          <tbody>
            {TIERS.map((tier) => (
              <tr key={tier}>
                <th scope="row">{t(`tier.${tier}`)}</th>
                <td>{t('home.plans.days', { n: RETENTION_DAYS[tier] })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="home-section">
        <h2>{t('home.agreements')}</h2>
        <p className="agreement-links">
          {(['userAgreement', 'privacyPolicy', 'three'] as const).map((file) => (
            <Link key={file} to={`/user-agreement?file=${file}${lang === 'en' ? 'En' : ''}`}>
              {t(`agreement.${file}`)}
            </Link>
          ))}
        </p>
      </section>
    </div>
  );
}
