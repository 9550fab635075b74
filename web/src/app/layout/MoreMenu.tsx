import { useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/icons';
import { useI18n } from '../../lib/i18n';
import type { MenuSection } from '../routes/guards';
import { groupActive } from './menuFit';
import { TopNavGroup } from './TopNavGroup';

/**
 * The last top-bar entry, holding the groups that did not fit. It is
 * highlighted while the open page belongs to one of them, as that group
 * would be if it had room.
 */
export function MoreMenu({ sections }: { sections: MenuSection[] }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const active = sections.some((s) => groupActive(s.items, pathname));
  return (
    <div className="topnav-group topnav-more" tabIndex={0}>
      <span className={active ? 'topnav-item active' : 'topnav-item'} data-testid="menu-more">
        {t('menu.more')}
        <ChevronDownIcon className="caret" />
      </span>
      <div className="topnav-dropdown" data-testid="menu-more-dropdown">
        {sections.map((section) => (
          <TopNavGroup key={section.group} section={section} nested />
        ))}
      </div>
    </div>
  );
}
