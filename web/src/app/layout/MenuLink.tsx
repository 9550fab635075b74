import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { openLoginDialog } from '../../lib/session';
import { needsLogin } from '../routes/guards';
import type { RouteDef } from '../routes/registry';
import { useGuardContext } from '../shell';

/**
 * A menu entry. A login-guarded entry clicked by a visitor opens the login
 * dialog and does not navigate.
 */
export function MenuLink({ def, className, children }: { def: RouteDef; className?: string; children?: ReactNode }) {
  const { lang } = useI18n();
  const ctx = useGuardContext();
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
      {children ?? def.title[lang]}
    </NavLink>
  );
}
