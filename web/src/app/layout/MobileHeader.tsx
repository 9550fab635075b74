import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChevronDownIcon, ChevronLeftIcon } from '../../components/icons';
import { useLogout } from '../../features/auth/api/logout';
import { FeedbackDialog } from '../../features/feedback/components/FeedbackDialog';
import { MessageBell } from '../../features/messages/components/MessageBell';
import { useAppConfig } from '../../lib/config';
import { useI18n } from '../../lib/i18n';
import { backButtonVisible, getStartup } from '../../lib/startup';
import { openLoginDialog, useSession } from '../../lib/session';
import { inBrand, permitted } from '../routes/guards';
import { MOBILE_ROUTES, MOBILE_SUB_PAGES, findRoute, isBuilt, type RouteDef } from '../routes/registry';
import { useCurrentRoute, useGuardContext } from '../shell';
import { LangSwitch } from './LangSwitch';

/** The mobile sub-pages offered in the dropdown: built, in the brand, permitted, not the current one. */
export function mobileSwitchTargets(current: string, ctx: Parameters<typeof permitted>[1]): RouteDef[] {
  return MOBILE_SUB_PAGES.map((p) => findRoute(p, MOBILE_ROUTES))
    .filter((d): d is RouteDef => !!d)
    .filter((d) => d.path !== current && isBuilt(d) && inBrand(d, ctx.config) && permitted(d, ctx));
}

/** Mobile header: back, the route's title with the sub-page dropdown, remaining lingshi. */
export function MobileHeader({ showLingshi }: { showLingshi: boolean }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const ctx = useGuardContext();
  const { user, lingshi } = useSession();
  const { config } = useAppConfig();
  const [open, setOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // Logging out sends the user to the site root, as on desktop.
  const logout = useLogout(() => navigate('/'));
  const targets = mobileSwitchTargets(route?.path ?? pathname, ctx);
  const title = route ? t(route.titleKey) : '';
  // The phone has no floating helper or account menu: help and log out live in the dropdown.
  const hasMenu = targets.length > 0 || !!user;


  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <header className="mobile-header" data-testid="mobile-header">
      {backButtonVisible(getStartup()) && pathname !== '/' ? (
        <button type="button" className="icon-button" aria-label={t('mobile.back')} data-testid="mobile-back" onClick={() => navigate(-1)}>
          <ChevronLeftIcon />
        </button>
      ) : (
        <span className="mobile-header-spacer" />
      )}
      <div className="mobile-title" ref={ref}>
        <button
          type="button"
          className="mobile-title-button"
          data-testid="mobile-switch"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-label={t('mobile.switch')}
          onClick={() => setOpen((o) => !o)}
        >
          <span data-testid="mobile-title">{title}</span>
          {hasMenu && <ChevronDownIcon className="caret" />}
        </button>
        {open && hasMenu && (
          <div className="mobile-dropdown" role="menu" data-testid="mobile-dropdown">
            {targets.map((d) => (
              <Link
                key={d.path}
                to={d.path}
                role="menuitem"
                data-testid={`mobile-item-${d.path}`}
                onClick={(e) => {
                  setOpen(false);
                  if (d.guards.includes('login') && !ctx.loggedIn) {
                    e.preventDefault();
                    openLoginDialog();
                  }
                }}
              >
                {t(d.titleKey)}
              </Link>
            ))}
            {user && (
              <>
                <button
                  type="button"
                  role="menuitem"
                  data-testid="mobile-feedback"
                  onClick={() => {
                    setOpen(false);
                    setFeedbackOpen(true);
                  }}
                >
                  {t('mobile.feedback')}
                </button>
                <button
                  type="button"
                  role="menuitem"
                  data-testid="mobile-logout"
                  onClick={() => {
                    setOpen(false);
                    logout.mutate();
                  }}
                >
                  {t('app.logout')}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
      <div className="mobile-header-right">
        {user && config.entries.messages && <MessageBell />}
        <LangSwitch />
        {user ? (
          showLingshi && (
            <span className="lingshi" data-testid="mobile-lingshi">
              {t('mobile.lingshi', { n: lingshi ?? 0 })}
            </span>
          )
        ) : (
          <button type="button" className="button primary small" data-testid="login-button" onClick={openLoginDialog}>
            {t('app.login')}
          </button>
        )}
      </div>
    </header>
  );
}
