import { useState } from 'react';
import { CapabilityGate } from '../../../components/CapabilityGate';
import { TaskWorkspace } from '../../../components/TaskWorkspace';
import { isApiError } from '../../../lib/api/client';
import { useI18n } from '../../../lib/i18n';
import { limitsOf, priceOf, useTaskTypes } from '../../../lib/taskTypes';
import { useTaskForm } from '../../../lib/useTaskForm';
import { useFetchArticle, type FetchedArticle } from '../api';
import {
  ARTICLE_REWRITE_BIZ_TYPE,
  REWRITE_LIMITS,
  buildRewriteParams,
  effectiveGenNum,
  initialRewriteForm,
  isHttpUrl,
  type RewriteForm,
  type RewriteParams,
} from '../constants';
import { ContentField } from './ContentField';
import { RewriteOptions } from './RewriteOptions';
import { TextTaskView } from './TextTaskView';
import './rewrite.css';

type InputMode = 'link' | 'manual';
const MODES: readonly InputMode[] = ['link', 'manual'];

/** /rewrite-article: 爆文改写, an article (fetched by its link, or pasted) rewritten as a new one for a platform. */
export function RewriteArticlePage() {
  return (
    <CapabilityGate bizType={ARTICLE_REWRITE_BIZ_TYPE}>
      <RewriteArticleWorkspace />
    </CapabilityGate>
  );
}

function RewriteArticleWorkspace() {
  const { t } = useI18n();
  const { taskTypes } = useTaskTypes();
  const limits = limitsOf(taskTypes, ARTICLE_REWRITE_BIZ_TYPE, REWRITE_LIMITS);
  const [attempted, setAttempted] = useState(false);
  const [mode, setMode] = useState<InputMode>('link');
  const page = useTaskForm<RewriteForm, RewriteParams>({
    bizType: ARTICLE_REWRITE_BIZ_TYPE,
    initial: initialRewriteForm,
    build: (form) => {
      if (!limits) return { missing: t('workspace.limitsLoading') };
      // One answer per article (the server's genNumMax is 1).
      const built = buildRewriteParams({ ...form, genNum: 1 }, limits);
      return 'missing' in built ? { missing: t(built.missing, built.vars) } : built;
    },
  });
  const { form, set } = page;
  const genNum = limits ? effectiveGenNum(1, limits) : 1;

  return (
    <TaskWorkspace
      className="rewrite-page rewrite-article-page"
      title={t('rewriteArticle.title')}
      subtitle={t('rewriteArticle.subtitle')}
      upload={
        <div className="rewrite-inputs">
          <div className="rewrite-modes" role="tablist" aria-label={t('rewriteArticle.mode')}>
            {MODES.map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                className={mode === m ? 'rewrite-mode active' : 'rewrite-mode'}
                data-testid={`article-mode-${m}`}
                onClick={() => setMode(m)}
              >
                {t(m === 'link' ? 'rewriteArticle.mode.link' : 'rewriteArticle.mode.manual')}
              </button>
            ))}
          </div>
          {mode === 'link' && <ArticleLinkField onFetched={(a) => set('content')(a.text)} />}
          <ContentField
            label={t('rewriteArticle.content')}
            placeholder={t(mode === 'link' ? 'rewriteArticle.content.placeholder.link' : 'rewriteArticle.content.placeholder.manual')}
            value={form.content}
            onChange={set('content')}
            limits={limits}
            attempted={attempted}
            rows={mode === 'link' ? 8 : 12}
          />
        </div>
      }
      options={<RewriteOptions form={form} set={set} limits={limits} count={false} />}
      bizType={ARTICLE_REWRITE_BIZ_TYPE}
      page={{
        ...page,
        onGenerate: () => {
          setAttempted(true);
          page.onGenerate();
        },
      }}
      cost={priceOf(taskTypes, ARTICLE_REWRITE_BIZ_TYPE, { results: genNum })}
      disabled={!limits}
      renderTask={(shown) => <TextTaskView taskId={shown.taskId} bizType={ARTICLE_REWRITE_BIZ_TYPE} startedAt={shown.startedAt} />}
      empty={t('rewriteArticle.empty')}
    />
  );
}

/**
 * The article's link and the 获取 button: the server fetches the page and
 * answers its title and text, which fill the (editable) article field. A
 * refused or failed fetch shows the server's message under the link.
 */
function ArticleLinkField({ onFetched }: { onFetched: (article: FetchedArticle) => void }) {
  const { t } = useI18n();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fetched, setFetched] = useState<FetchedArticle | null>(null);
  const fetchArticle = useFetchArticle();

  const onFetch = () => {
    const link = url.trim();
    if (!link) return setProblem(t('rewriteArticle.urlRequired'));
    if (!isHttpUrl(link)) return setProblem(t('rewriteArticle.urlInvalid'));
    setProblem(null);
    setFetched(null);
    fetchArticle.mutate(link, {
      onSuccess: (article) => {
        setFetched(article);
        onFetched(article);
      },
      onError: (e) => setProblem(isApiError(e) ? e.msg : t('error.server')),
    });
  };

  return (
    <div className="field article-link">
      <label className="field-head" htmlFor="article-url">
        {t('rewriteArticle.url')}
      </label>
      <div className="article-link-row">
        <input
          id="article-url"
          type="url"
          inputMode="url"
          data-testid="article-url"
          value={url}
          placeholder={t('rewriteArticle.url.placeholder')}
          aria-invalid={!!problem}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onFetch();
            }
          }}
        />
        <button type="button" className="button" data-testid="article-fetch" disabled={fetchArticle.isPending} onClick={onFetch}>
          {fetchArticle.isPending ? t('rewriteArticle.fetching') : t('rewriteArticle.fetch')}
        </button>
      </div>
      {problem && (
        <small className="field-error" role="alert" data-testid="article-url-error">
          {problem}
        </small>
      )}
      {fetched && !problem && (
        <small className="muted" data-testid="article-fetched">
          {t('rewriteArticle.fetched', { title: fetched.title || fetched.url })}
          {fetched.truncated && <> · {t('rewriteArticle.truncated')}</>}
        </small>
      )}
    </div>
  );
}
