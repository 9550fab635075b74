import { useDownloads } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { downloadStatisticsCsv, STATISTICS_CSV_ITEM, type StatisticsQuery } from '../api/statistics';

/** 导出 CSV: the same range and scope as the page, one row per day and task type. */
export function ExportCsvButton({ query }: { query: StatisticsQuery }) {
  const { t } = useI18n();
  const { isDownloading, anyDownloading } = useDownloads();
  const busy = isDownloading(STATISTICS_CSV_ITEM);
  return (
    <button type="button" className="button" data-testid="stats-export" disabled={anyDownloading} onClick={() => void downloadStatisticsCsv(query)}>
      {busy ? t('stats.exporting') : t('stats.export')}
    </button>
  );
}
