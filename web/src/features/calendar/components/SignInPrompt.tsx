import { useI18n } from '../../../lib/i18n';
import { openLoginDialog } from '../../../lib/session';

/**
 * What a visitor sees where the calendar is embedded without a route guard
 * (the hot list's tab): the protected pages' own sign-in prompt.
 */
export function SignInPrompt() {
  const { t } = useI18n();
  return (
    <div className="calendar-state" data-testid="login-required-page">
      <p>
        <strong>{t('shell.loginRequired.title')}</strong>
      </p>
      <p className="muted">{t('shell.loginRequired.desc', { name: t('calendar.title') })}</p>
      <button type="button" className="button primary" data-testid="calendar-login" onClick={openLoginDialog}>
        {t('app.login')}
      </button>
    </div>
  );
}
