import { useLocation } from 'react-router';
import { ChevronDownIcon, ChevronLeftIcon } from '../../components/icons';
import { useI18n } from '../../lib/i18n';
import type { MenuSection } from '../routes/guards';
import { menuGroupKey } from '../routes/registry';
import { groupActive } from './menuFit';
import { MenuLink } from './MenuLink';

/**
 * One top-bar group: a plain link when it has one item, else a label that
 * opens its items on hover or keyboard focus. Inside "More" (`nested`) it is
 * a row whose items open to the left, since "More" sits at the bar's right.
 */
export function TopNavGroup({ section: { group, items }, nested = false }: { section: MenuSection; nested?: boolean }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const label = t(menuGroupKey(group));
  if (items.length === 1) {
    return (
      <MenuLink def={items[0]} className={nested ? undefined : 'topnav-item'}>
        <span data-testid={`menu-group-${group}`}>{label}</span>
      </MenuLink>
    );
  }
  const active = groupActive(items, pathname);
  return (
    <div className={nested ? 'topnav-group nested' : 'topnav-group'} tabIndex={0}>
      <span className={active ? 'topnav-item active' : 'topnav-item'} data-testid={`menu-group-${group}`}>
        {nested && <ChevronLeftIcon className="caret" />}
        {label}
        {!nested && <ChevronDownIcon className="caret" />}
      </span>
      <div className="topnav-dropdown">
        {items.map((def) => (
          <MenuLink key={def.path} def={def} />
        ))}
      </div>
    </div>
  );
}
