import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { RETENTION_DAYS, type ProductType } from '../../lib/retention';
import { useMenu } from '../shell';

/** Groups whose items are tools (not account pages). */
const ACCOUNT_GROUPS = new Set(['home', 'creation-space', 'benefit-centre']);
const TIERS = Object.keys(RETENTION_DAYS) as ProductType[];

export function HomePage() {
  const { t, lang } = useI18n();
  const menu = useMenu();
  const tools = menu.filter((s) => !ACCOUNT_GROUPS.has(s.group)).flatMap((s) => s.items);
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p className="muted">{t('home.subtitle')}</p>
      </section>

      <section className="home-section">
        <h2>{t('home.features')}</h2>
        <div className="feature-grid">
          {tools.map((def) =>
            def.path === '/ai-cutout' ? (
              <Link key={def.path} to={def.path} className="card feature-card" data-testid="home-cutout-link">
                <span className="feature-icon checkerboard" aria-hidden="true" />
                <span>
                  <strong>{t('home.cutout.title')}</strong>
                  <span className="muted block">{t('home.cutout.desc')}</span>
                </span>
                <span className="button primary small">{t('home.cutout.cta')}</span>
              </Link>
            ) : (
              <Link key={def.path} to={def.path} className="card feature-card">
                <span className="feature-icon" aria-hidden="true" />
                <strong>{def.title[lang]}</strong>
              </Link>
            ),
          )}
        </div>
      </section>

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
