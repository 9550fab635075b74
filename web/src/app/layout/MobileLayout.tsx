import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../../components/Toaster';
import { LoginDialog } from '../../features/auth/components/LoginDialog';
import { useAppConfig } from '../../lib/config';
import { getStartup, headerVisible } from '../../lib/startup';
import { isMottArea, layoutVisibility } from '../routes/guards';
import { useShellEffects } from '../shell';
import { MembershipReminder } from './MembershipReminder';
import { MobileHeader } from './MobileHeader';

/**
 * Mobile shell: header with the sub-page dropdown and lingshi, the page,
 * the login overlay (not closable in the MoTT area), the reminder modal.
 */
export function MobileLayout() {
  useShellEffects();
  const { pathname } = useLocation();
  const { config } = useAppConfig();
  const startup = getStartup();
  const show = layoutVisibility(pathname, config, startup);
  return (
    <div className="app mobile" data-layout="mobile">
      {show.header && headerVisible(startup) && <MobileHeader showLingshi={show.lingshi} />}
      <main className="mobile-main">
        <Outlet />
      </main>
      <LoginDialog variant="mobile" closable={!isMottArea(pathname)} />
      <MembershipReminder variant="mobile" />
      <Toaster />
    </div>
  );
}
