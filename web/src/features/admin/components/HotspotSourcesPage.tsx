/**
 * /admin/hotspot-sources: the feeds hotspots come from (docs/MARKETING.md,
 * "Sources"), their last fetch and a form to add or change one, and the
 * import of a file of hotspots. Anyone but an admin gets the 403 page.
 */
import { useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useI18n } from '../../../lib/i18n';
import { ForbiddenPage, LoadingPage } from '../../../app/pages/StatusPages';
import { useHotspotSources, type HotspotSource } from '../api/hotspotSources';
import { AdminNav } from './AdminNav';
import { HotspotImport } from './HotspotImport';
import { HotspotSourceForm } from './HotspotSourceForm';
import { HotspotSourceTable } from './HotspotSourceTable';
import { adminText } from './text';
import './admin.css';

export function HotspotSourcesPage() {
  const { lang } = useI18n();
  const sources = useHotspotSources();
  const [editing, setEditing] = useState<HotspotSource | null>(null);

  if (sources.isError && isApiError(sources.error) && (sources.error.status === 403 || sources.error.status === 401)) {
    return <ForbiddenPage />;
  }
  if (!sources.data) return <LoadingPage />;

  return (
    <div className="page admin-page" data-testid="hotspot-sources-page">
      <AdminNav />
      <h1>{adminText('sources.title', lang)}</h1>
      <section>
        <HotspotSourceTable sources={sources.data} onEdit={setEditing} />
      </section>
      <HotspotSourceForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <HotspotImport />
    </div>
  );
}
