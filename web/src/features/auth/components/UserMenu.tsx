import { useNavigate } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { openLoginDialog, useToken } from '../../../lib/session';
import { useLogout } from '../api/logout';
import { useUserInfo } from '../api/userInfo';

/** Top-bar corner: the signed-in account (phone or email) and log out, or log in. */
export function UserMenu({ showLingshi = true, compact = false }: { showLingshi?: boolean; compact?: boolean }) {
  const { t } = useI18n();
  const token = useToken();
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  // Logging out sends the user to the site root.
  const logout = useLogout(() => navigate('/'));
  const user = token ? info?.user : undefined;

  if (!user) {
    return (
      <button type="button" className="button primary small" data-testid="login-button" onClick={openLoginDialog}>
        {t('app.login')}
      </button>
    );
  }
  const account = user.phone || user.email || user.userName || String(user.id);
  const lingshi = info?.points ?? info?.benefitPackage?.remainBeanCount;
  return (
    <div className="user-menu">
      {showLingshi && typeof lingshi === 'number' && (
        <span className="lingshi" data-testid="user-lingshi">
          {t('app.lingshi', { n: lingshi })}
        </span>
      )}
      {!compact && (
        <span className="account" data-testid="user-account" title={account}>
          {account}
        </span>
      )}
      <button
        type="button"
        className="button ghost small"
        data-testid="logout-button"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
      >
        {t('app.logout')}
      </button>
    </div>
  );
}
