import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useComingSoon } from '../catalogue/catalogue';
import { openLoginDialog } from '../../lib/session';
import { needsLogin } from '../routes/guards';
import type { RouteDef } from '../routes/registry';
import { useGuardContext } from '../shell';

/**
 * A menu entry. A login-guarded entry clicked by a visitor opens the login
 * dialog and does not navigate. A feature whose models are not installed
 * is tagged coming soon, so nobody expects a working tool behind it.
 */
export function MenuLink({ def, className, children }: { def: RouteDef; className?: string; children?: ReactNode }) {
  const { t } = useI18n();
  const ctx = useGuardContext();
  const soon = useComingSoon(def);
  return (
    <NavLink
      to={def.path}
      end
      className={className}
      data-testid={`menu-item-${def.path}`}
      onClick={(e) => {
        if (needsLogin(def, ctx)) {
          e.preventDefault();
          openLoginDialog();
        }
      }}
    >
      {children ?? (
        <>
          {t(def.titleKey)}
          {soon && <span className="menu-soon">{t('feature.soon')}</span>}
        </>
      )}
    </NavLink>
  );
}
