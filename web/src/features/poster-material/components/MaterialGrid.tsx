import { usePosterAssets, type PosterAssetFilters } from '../../../lib/api/posterAssets';
import { useI18n } from '../../../lib/i18n';
import { MaterialCard } from './MaterialCard';

interface Props {
  filters: PosterAssetFilters;
  /** Some filter is set: an empty answer says "nothing matches" rather than "nothing yet". */
  filtered: boolean;
  enabled: boolean;
  pageSize?: number;
}

/** The materials matching the filters, with loading, error and empty states, and "load more" by cursor. */
export function MaterialGrid({ filters, filtered, enabled, pageSize }: Props) {
  const { t } = useI18n();
  const list = usePosterAssets(filters, enabled, pageSize);
  if (!enabled) return null;
  if (list.isPending) {
    return (
      <p className="muted" data-testid="material-loading">
        {t('material.loading')}
      </p>
    );
  }
  if (list.isError && list.items.length === 0) {
    return (
      <div className="material-state" role="alert" data-testid="material-error">
        <p className="muted">{t('material.loadFailed')}</p>
        <button type="button" className="button small" data-testid="material-retry" onClick={() => void list.refetch()}>
          {t('material.retry')}
        </button>
      </div>
    );
  }
  if (list.items.length === 0) {
    return (
      <p className="muted material-state" data-testid="material-empty">
        {filtered ? t('material.emptyFiltered') : t('material.empty')}
      </p>
    );
  }
  return (
    <>
      <ul className="material-grid" data-testid="material-grid">
        {list.items.map((a) => (
          <MaterialCard key={a.id} asset={a} />
        ))}
      </ul>
      <div className="material-more">
        {list.hasNextPage ? (
          <button type="button" className="button" data-testid="material-load-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? t('material.loadingMore') : t('material.loadMore')}
          </button>
        ) : (
          <span className="muted small" data-testid="material-list-end">
            {t('material.end')}
          </span>
        )}
        {list.isFetchNextPageError && (
          <p className="form-error" role="alert" data-testid="material-more-error">
            {t('material.loadFailed')}
          </p>
        )}
      </div>
    </>
  );
}
