import { useI18n } from '../../../lib/i18n';
import { RecentReports } from './RecentReports';
import { RecentTasks } from './RecentTasks';
import { RisingHotspots } from './RisingHotspots';
import { ToolCards } from './ToolCards';
import { UpcomingDates } from './UpcomingDates';
import './workbench.css';

/** /mott: the marketing workbench's landing, made only of what the other pages already serve. */
export function WorkbenchPage({ mobile = false }: { mobile?: boolean }) {
  const { t } = useI18n();
  return (
    <div className={mobile ? 'page workbench-page mobile' : 'page workbench-page'} data-testid="workbench-page">
      <header className="page-header">
        <h1>{t('route.mott.title')}</h1>
        <p className="muted">{t('workbench.subtitle')}</p>
      </header>
      <div className="workbench-grid">
        <RisingHotspots />
        <UpcomingDates />
        <RecentTasks />
        <RecentReports />
        <ToolCards />
      </div>
    </div>
  );
}
