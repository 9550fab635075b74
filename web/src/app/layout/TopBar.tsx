import { Link, NavLink } from 'react-router';
import { UserMenu } from '../../features/auth/components/UserMenu';
import { useI18n } from '../../lib/i18n';

export function TopBar() {
  const { t, lang, setLang } = useI18n();
  return (
    <header className="topbar">
      <Link to="/" className="brand" data-testid="brand">
        <span className="brand-mark" aria-hidden="true">
          P
        </span>
        {t('app.brand')}
      </Link>
      <nav className="topnav">
        <NavLink to="/" end>
          {t('app.nav.home')}
        </NavLink>
        <NavLink to="/ai-cutout" data-testid="nav-cutout">
          {t('app.nav.cutout')}
        </NavLink>
      </nav>
      <div className="topbar-right">
        <button
          type="button"
          className="button ghost small"
          data-testid="lang-switch"
          aria-label={t('app.lang.label')}
          onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}
        >
          {t('app.lang.switchTo')}
        </button>
        <UserMenu />
      </div>
    </header>
  );
}
