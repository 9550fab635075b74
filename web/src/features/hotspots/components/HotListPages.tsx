import { useState } from 'react';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { defaultFilters, type ListName, type WindowHours } from '../query';
import { HotspotBrowser } from './HotspotBrowser';
import { HotspotFilterBar } from './HotspotFilterBar';
import { HotWordTable } from './HotWordTable';
import './hotspots.css';

interface PageProps {
  mobile?: boolean;
  pageSize?: number;
}

interface ListPageProps extends PageProps {
  titleKey: MessageKey;
  list: ListName;
  testId: string;
  defaultWindow?: WindowHours;
}

/** A page of one list (its own route): the title, the filters and the list. */
function SingleListPage({ titleKey, list, testId, defaultWindow = 24, mobile = false, pageSize }: ListPageProps) {
  const { t } = useI18n();
  const [filters, setFilters] = useState(() => defaultFilters(defaultWindow));
  return (
    <div className={mobile ? 'page hotspot-page mobile' : 'page hotspot-page'} data-testid={testId}>
      <header className="page-header">
        <h1>{t(titleKey)}</h1>
        <p className="muted">{t('hot.subtitle')}</p>
      </header>
      <HotspotBrowser list={list} filters={filters} onFiltersChange={setFilters} mobile={mobile} pageSize={pageSize} />
    </div>
  );
}

/** /hot-immediate: real-time hot topics, the last 6 hours unless changed. */
export const HotImmediatePage = (p: PageProps) => <SingleListPage {...p} titleKey="route.hot-immediate.title" list="rising" testId="hot-immediate-page" defaultWindow={6} />;
/** /hot-notes: popular notes. */
export const HotNotesPage = (p: PageProps) => <SingleListPage {...p} titleKey="route.hot-notes.title" list="notes" testId="hot-notes-page" />;
/** /hot-videos: popular videos. */
export const HotVideosPage = (p: PageProps) => <SingleListPage {...p} titleKey="route.hot-videos.title" list="videos" testId="hot-videos-page" />;
/** /modi-content: popular content, notes and videos together. */
export const PopularContentPage = (p: PageProps) => <SingleListPage {...p} titleKey="route.modi-content.title" list="popular" testId="popular-content-page" />;

/** /hot-word-list: the hot words only, ranked, with the window filter. */
export function HotWordListPage({ mobile = false }: PageProps) {
  const { t } = useI18n();
  const [filters, setFilters] = useState(() => defaultFilters());
  return (
    <div className={mobile ? 'page hotspot-page mobile' : 'page hotspot-page'} data-testid="hot-word-page">
      <header className="page-header">
        <h1>{t('route.hot-word-list.title')}</h1>
        <p className="muted">{t('hot.words.subtitle')}</p>
      </header>
      <section className="panel hotspot-browser">
        <HotspotFilterBar value={filters} onChange={setFilters} platform={false} keyword={false} />
        <HotWordTable windowHours={filters.windowHours} />
      </section>
    </div>
  );
}
