import { ChevronDownIcon } from '../../components/icons';
import { UserMenu } from '../../features/auth/components/UserMenu';
import { EnterpriseServiceButton } from '../../features/leads/components/EnterpriseServiceButton';
import { MessageBell } from '../../features/messages/components/MessageBell';
import { useAppConfig } from '../../lib/config';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import type { MenuSection } from '../routes/guards';
import { menuGroupKey } from '../routes/registry';
import { BrandMark } from './BrandMark';
import { LangSwitch } from './LangSwitch';
import { MenuLink } from './MenuLink';

/** Desktop top bar: brand, the brand's menu groups, language, account. */
export function TopBar({
  menu,
  showLingshi,
  showEnterpriseService = true,
}: {
  menu: MenuSection[];
  showLingshi: boolean;
  showEnterpriseService?: boolean;
}) {
  const { t } = useI18n();
  const { config } = useAppConfig();
  const { user } = useSession();
  return (
    <header className="topbar" data-testid="topbar">
      <BrandMark />
      <nav className="topnav" aria-label={t('menu.label')}>
        {menu.map(({ group, items }) =>
          items.length === 1 ? (
            <MenuLink key={group} def={items[0]} className="topnav-item">
              <span data-testid={`menu-group-${group}`}>{t(menuGroupKey(group))}</span>
            </MenuLink>
          ) : (
            <div key={group} className="topnav-group" tabIndex={0}>
              <span className="topnav-item" data-testid={`menu-group-${group}`}>
                {t(menuGroupKey(group))}
                <ChevronDownIcon className="caret" />
              </span>
              <div className="topnav-dropdown">
                {items.map((def) => (
                  <MenuLink key={def.path} def={def} />
                ))}
              </div>
            </div>
          ),
        )}
      </nav>
      <div className="topbar-right">
        {showEnterpriseService && config.entries.enterpriseService && (
          <EnterpriseServiceButton action={config.enterpriseService} />
        )}
        {user && config.entries.messages && <MessageBell />}
        <LangSwitch />
        <UserMenu showLingshi={showLingshi} />
      </div>
    </header>
  );
}
