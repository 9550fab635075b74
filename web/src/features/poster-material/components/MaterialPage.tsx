import { useMemo, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { ImageSize } from '../../../lib/uploadRules';
import { hasFilters, NO_FILTERS, rangeValid, toAssetFilters, type MaterialFilterState } from '../filters';
import { useHasTenant } from '../useTenant';
import { AddMaterial } from './AddMaterial';
import { MaterialFilters } from './MaterialFilters';
import { MaterialGrid } from './MaterialGrid';
import './material.css';

/**
 * /modi-poster-material: the merchant's images and logos (and, in a tenant,
 * those the team shares), newest change first, with the upload that adds
 * one. Any filter change starts again from the first page.
 */
interface Props {
  mobile?: boolean;
  pageSize?: number;
  /** Injected in tests (jsdom cannot decode images). */
  readSize?: (file: Blob) => Promise<ImageSize>;
}

export function MaterialPage({ mobile = false, pageSize, readSize }: Props) {
  const { t } = useI18n();
  const { user } = useSession();
  const tenant = useHasTenant();
  const [filters, setFilters] = useState<MaterialFilterState>(NO_FILTERS);
  const query = useMemo(() => toAssetFilters(filters), [filters]);
  return (
    <div className={mobile ? 'page material-page mobile' : 'page material-page'} data-testid="material-page">
      <header className="page-header">
        <h1>{t('material.title')}</h1>
        <p className="muted">{t('material.subtitle')}</p>
      </header>
      <AddMaterial canShare={tenant} readSize={readSize} />
      <section className="panel material-library">
        <MaterialFilters value={filters} onChange={setFilters} showScope={tenant} />
        <MaterialGrid filters={query} filtered={hasFilters(filters)} enabled={!!user && rangeValid(filters)} pageSize={pageSize} />
      </section>
    </div>
  );
}
