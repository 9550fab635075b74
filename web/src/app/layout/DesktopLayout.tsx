import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../../components/Toaster';
import { LoginDialog } from '../../features/auth/components/LoginDialog';
import { useAppConfig } from '../../lib/config';
import { getStartup } from '../../lib/startup';
import { layoutVisibility } from '../routes/guards';
import { useMenu, useShellEffects } from '../shell';
import { FloatingHelper } from './FloatingHelper';
import { MembershipReminder } from './MembershipReminder';
import { SideBar } from './SideBar';
import { TopBar } from './TopBar';

/** Desktop: side bar, top bar, floating helper, login modal. */
export function DesktopLayout() {
  useShellEffects();
  const { pathname } = useLocation();
  const { config } = useAppConfig();
  const menu = useMenu();
  const show = layoutVisibility(pathname, config, getStartup());
  return (
    <div className={show.float ? 'app desktop with-float' : 'app desktop'} data-layout="desktop">
      {show.header && <TopBar menu={menu} showLingshi={show.lingshi} showEnterpriseService={show.enterpriseService} />}
      <div className="shell-body">
        {show.sidebar && <SideBar menu={menu} />}
        <main className="main">
          <Outlet />
        </main>
      </div>
      {show.float && <FloatingHelper />}
      <LoginDialog variant="desktop" />
      <MembershipReminder variant="desktop" />
      <Toaster />
    </div>
  );
}
