import { useRef } from 'react';
import { ChevronDownIcon } from '../../components/icons';
import { useI18n } from '../../lib/i18n';
import type { MenuSection } from '../routes/guards';
import { menuGroupKey } from '../routes/registry';
import { MoreMenu } from './MoreMenu';
import { TopNavGroup } from './TopNavGroup';
import { useMenuFit } from './useMenuFit';

/**
 * The top bar's menu groups in the space the right-hand controls leave;
 * those that do not fit move, from the end, into "More".
 */
export function TopNav({ menu }: { menu: MenuSection[] }) {
  const { t } = useI18n();
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const labels = menu.map(({ group }) => t(menuGroupKey(group)));
  const kept = useMenuFit(nav, measure, labels.join('\n'));
  const rest = menu.slice(kept);
  return (
    <nav ref={nav} className="topnav" aria-label={t('menu.label')}>
      {menu.slice(0, kept).map((section) => (
        <TopNavGroup key={section.group} section={section} />
      ))}
      {rest.length > 0 && <MoreMenu sections={rest} />}
      {/* Copies of every entry, laid out unseen, for their widths. */}
      <div className="topnav-measure" aria-hidden="true">
        <div ref={measure}>
          {menu.map(({ group, items }, i) => (
            <span key={group} className="topnav-item">
              {labels[i]}
              {items.length > 1 && <ChevronDownIcon className="caret" />}
            </span>
          ))}
          <span className="topnav-item">
            {t('menu.more')}
            <ChevronDownIcon className="caret" />
          </span>
        </div>
      </div>
    </nav>
  );
}
