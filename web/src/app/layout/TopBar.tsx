import { UserMenu } from '../../features/auth/components/UserMenu';
import { EnterpriseServiceButton } from '../../features/leads/components/EnterpriseServiceButton';
import { MessageBell } from '../../features/messages/components/MessageBell';
import { useAppConfig } from '../../lib/config';
import { useSession } from '../../lib/session';
import type { MenuSection } from '../routes/guards';
import { BrandMark } from './BrandMark';
import { LangSwitch } from './LangSwitch';
import { TopNav } from './TopNav';

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
  const { config } = useAppConfig();
  const { user } = useSession();
  return (
    <header className="topbar" data-testid="topbar">
      <BrandMark />
      <TopNav menu={menu} />
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
