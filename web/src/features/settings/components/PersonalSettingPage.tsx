/**
 * /personal-setting: user name, phone (masked, with a show/hide toggle),
 * email, and the tenant the user belongs to; then the user's API keys.
 */
import { useState } from 'react';
import { useProfile } from '../api/profile';
import { useI18n } from '../../../lib/i18n';
import { maskPhone } from '../mask';
import { ApiKeys } from './ApiKeys';
import './PersonalSettingPage.css';

export function PersonalSettingPage() {
  const { t } = useI18n();
  const info = useProfile();
  const [showPhone, setShowPhone] = useState(false);
  const user = info.data?.user;
  if (!user) return <p className="muted">{info.isLoading ? t('app.loading') : t('settings.loginHint')}</p>;
  const none = <span className="muted">{t('settings.none')}</span>;
  return (
    <section className="page personal-setting" data-testid="personal-setting">
      <h1>{t('settings.title')}</h1>
      <dl className="settings-list">
        <div>
          <dt>{t('settings.userName')}</dt>
          <dd data-testid="setting-user-name">{user.userName || none}</dd>
        </div>
        <div>
          <dt>{t('settings.phone')}</dt>
          <dd>
            {user.phone ? (
              <>
                <span data-testid="setting-phone">{showPhone ? user.phone : maskPhone(user.phone)}</span>{' '}
                <button type="button" className="button small ghost" data-testid="setting-phone-toggle" onClick={() => setShowPhone((s) => !s)}>
                  {showPhone ? t('settings.hide') : t('settings.show')}
                </button>
              </>
            ) : (
              none
            )}
          </dd>
        </div>
        <div>
          <dt>{t('settings.email')}</dt>
          <dd data-testid="setting-email">{user.email || none}</dd>
        </div>
        <div>
          <dt>{t('settings.tenant')}</dt>
          <dd data-testid="setting-tenant">
            {user.tenantIcon && <img src={user.tenantIcon} alt="" className="tenant-icon" width={20} height={20} />}
            {user.tenant || user.tenantName || none}
            {user.companyName && <span className="muted"> · {user.companyName}</span>}
          </dd>
        </div>
      </dl>
      <ApiKeys />
    </section>
  );
}
