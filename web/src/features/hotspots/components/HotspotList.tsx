import { useI18n } from '../../../lib/i18n';
import { useHotspots, type HotspotQuery } from '../api/hotspots';
import { HotspotCard } from './HotspotCard';
import { HotspotImageTile } from './HotspotImageTile';
import { useNearBottom } from './useNearBottom';

interface Props {
  query: HotspotQuery;
  onOpen: (id: string) => void;
  /** Pictures in a grid (POPULAR_IMAGE) rather than cards in a column. */
  grid?: boolean;
  deletable?: boolean;
  enabled?: boolean;
  pageSize?: number;
}

/**
 * The hotspots of one query, ten at a time: page 1 replaces the list, the
 * next pages append ("load more", or on scrolling near the end). A new
 * query (any filter change) starts again at page 1.
 */
export function HotspotList({ query, onOpen, grid = false, deletable = false, enabled = true, pageSize }: Props) {
  const { t } = useI18n();
  const list = useHotspots(query, enabled, pageSize);
  const canLoad = list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError;
  const sentinel = useNearBottom<HTMLDivElement>(() => canLoad && void list.fetchNextPage(), canLoad);
  if (!enabled) return null;
  if (list.isPending) {
    return (
      <p className="muted hotspot-state" data-testid="hotspot-loading">
        {t('hot.loading')}
      </p>
    );
  }
  if (list.isError && list.items.length === 0) {
    return (
      <div className="hotspot-state" role="alert" data-testid="hotspot-error">
        <p className="muted">{t('hot.loadFailed')}</p>
        <button type="button" className="button small" data-testid="hotspot-retry" onClick={() => void list.refetch()}>
          {t('hot.retry')}
        </button>
      </div>
    );
  }
  if (list.items.length === 0) {
    return (
      <p className="muted hotspot-state" data-testid="hotspot-empty">
        {query.origin === 'custom' && !query.keyword ? t('hot.custom.empty') : t('hot.empty')}
      </p>
    );
  }
  return (
    <>
      {grid ? (
        <ul className="hotspot-grid" data-testid="hotspot-list">
          {list.items.map((h) => (
            <HotspotImageTile key={h.id} hotspot={h} onOpen={onOpen} />
          ))}
        </ul>
      ) : (
        <ol className="hotspot-list" data-testid="hotspot-list">
          {list.items.map((h, i) => (
            <HotspotCard key={h.id} hotspot={h} position={i + 1} sort={query.sort} onOpen={onOpen} deletable={deletable} />
          ))}
        </ol>
      )}
      <div className="hotspot-more" ref={sentinel}>
        {list.hasNextPage ? (
          <button type="button" className="button" data-testid="hotspot-load-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? t('hot.loadingMore') : t('hot.loadMore')}
          </button>
        ) : (
          <span className="muted small" data-testid="hotspot-list-end">
            {t('hot.end', { n: list.items.length })}
          </span>
        )}
        {list.isFetchNextPageError && (
          <p className="form-error" role="alert" data-testid="hotspot-more-error">
            {t('hot.loadFailed')}
          </p>
        )}
      </div>
    </>
  );
}
