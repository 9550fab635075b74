import { useI18n } from '../../lib/i18n';
import type { MenuSection } from '../routes/guards';
import { menuGroupKey } from '../routes/registry';
import { MenuLink } from './MenuLink';

/** Desktop side bar: every visible entry, grouped as in the top bar. */
export function SideBar({ menu }: { menu: MenuSection[] }) {
  const { t } = useI18n();
  return (
    <aside className="sidebar" data-testid="sidebar" aria-label={t('menu.side')}>
      {menu.map(({ group, items }) => (
        <div key={group} className="sidebar-group">
          {items.length > 1 && <div className="sidebar-title">{t(menuGroupKey(group))}</div>}
          {items.map((def) => (
            <MenuLink key={def.path} def={def} className="sidebar-item" />
          ))}
        </div>
      ))}
    </aside>
  );
}
