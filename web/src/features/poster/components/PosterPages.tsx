import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { TaskHistoryList } from '../../../components/TaskHistoryList';
import { TaskStatusView } from '../../../components/TaskStatusView';
import { usePosterAsset } from '../../../lib/api/posterAssets';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { usePosterTemplates } from '../api';
import { placementFor } from '../assetPlacement';
import { POSTER_BIZ_TYPE } from '../constants';
import { useProductPhoto } from '../session';
import type { PosterTemplateEntry } from '../template';
import { usePicture } from '../usePicture';
import { PosterEditor } from './PosterEditor';
import { PosterResult } from './PosterResult';
import { TemplatePicker } from './TemplatePicker';
import './poster.css';

/**
 * The library entry named by `?id=`, else the first one; opened with a
 * material (`?asset=`), the first one that has a place for it (a logo slot).
 */
function useChosenEntry(): { entry: PosterTemplateEntry | null; loading: boolean; failed: boolean } {
  const [params] = useSearchParams();
  const all = usePosterTemplates();
  const { user } = useSession();
  const asset = usePosterAsset(params.get('asset'), !!user).data;
  const id = params.get('id');
  const list = all.data?.templates ?? [];
  const fits = asset ? list.find((e) => placementFor(e.template, asset.contentType) !== null) : undefined;
  const entry = list.find((e) => e.id === id) ?? (id ? null : (fits ?? list[0] ?? null));
  return { entry, loading: all.isPending, failed: all.isError };
}

/** /modi-poster (desktop): the template picker beside the editor. */
export function PosterPage() {
  return (
    <CapabilityGate bizType={POSTER_BIZ_TYPE}>
      <PosterWorkspace />
    </CapabilityGate>
  );
}

function PosterWorkspace() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const { entry, loading, failed } = useChosenEntry();
  // A material being placed stays in the address while templates are tried.
  const asset = params.get('asset');
  const product = usePicture(useProductPhoto()?.preview);
  return (
    <div className="page poster-page">
      <header className="page-header">
        <h1>{t('poster.title')}</h1>
        <p className="muted">{t('poster.subtitle')}</p>
      </header>
      <div className="poster-workspace">
        <section className="panel poster-picker-panel">
          <TemplatePicker selected={entry ? [entry.id] : []} product={product} thumbWidth={112} onPick={(e) => setParams(asset ? { id: e.id, asset } : { id: e.id }, { replace: true })} />
        </section>
        <section className="panel poster-editor-panel">
          {entry ? <PosterEditor key={entry.id} entry={entry} /> : <p className="muted">{loading ? t('app.loading') : failed ? t('poster.libraryFailed') : t('poster.noTemplates')}</p>}
        </section>
      </div>
      <TaskHistoryList bizType={POSTER_BIZ_TYPE} title={t('history.title')} downloads />
    </div>
  );
}

/** /template (phone): the template library; a tap opens the editor. */
export function TemplatePage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A material's "use in a poster" goes along to the chosen template's editor.
  const asset = params.get('asset');
  const product = usePicture(useProductPhoto()?.preview);
  const editPath = (id: string) => `/template-edit?id=${encodeURIComponent(id)}${asset ? `&asset=${encodeURIComponent(asset)}` : ''}`;
  return (
    <CapabilityGate bizType={POSTER_BIZ_TYPE}>
      <div className="page poster-page mobile">
        <header className="page-header">
          <h1>{t('poster.templates')}</h1>
          <p className="muted">{t('poster.pickHint')}</p>
        </header>
        <TemplatePicker selected={[]} product={product} thumbWidth={150} onPick={(e) => navigate(editPath(e.id))} />
      </div>
    </CapabilityGate>
  );
}

/** /template-edit?id=… (phone): the editor of one template. */
export function TemplateEditPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { entry, loading } = useChosenEntry();
  return (
    <CapabilityGate bizType={POSTER_BIZ_TYPE}>
      <div className="page poster-page mobile">
        <div className="poster-mobile-head">
          <button type="button" className="button small" data-testid="poster-back" onClick={() => navigate('/template')}>
            {t('poster.backToTemplates')}
          </button>
          <h1>{entry?.name ?? t('route.template-edit.title')}</h1>
        </div>
        {entry ? <PosterEditor key={entry.id} entry={entry} mobile /> : <p className="muted">{loading ? t('app.loading') : t('poster.noTemplates')}</p>}
      </div>
    </CapabilityGate>
  );
}

/** /poster?task=… (phone): one rendered poster, large, with its download. */
export function PosterResultPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const taskId = params.get('task');
  const [startedAt] = useState(() => Date.now());
  return (
    <div className="page poster-page mobile">
      <div className="poster-mobile-head">
        <button type="button" className="button small" onClick={() => navigate(-1)}>
          {t('poster.backToEditor')}
        </button>
        <h1>{t('route.poster.title')}</h1>
      </div>
      {taskId ? (
        <section className="panel poster-result">
          <TaskStatusView taskId={taskId} startedAt={startedAt} showStatus text={{ generating: t('poster.generating'), failed: t('poster.failed') }}>
            {(task) => <PosterResult task={task} />}
          </TaskStatusView>
        </section>
      ) : (
        <p className="muted">{t('poster.noPoster')}</p>
      )}
      <TaskHistoryList bizType={POSTER_BIZ_TYPE} title={t('history.title')} activeTaskId={taskId} onSelect={(task) => navigate(`/poster?task=${encodeURIComponent(task.taskId)}`, { replace: true })} downloads />
    </div>
  );
}
