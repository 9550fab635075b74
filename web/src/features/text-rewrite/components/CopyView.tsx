import { useI18n } from '../../../lib/i18n';
import { formatTag, type TextCopy } from '../../../lib/textCopy';

function Paragraphs({ list }: { list: string[] }) {
  return (
    <>
      {list
        .filter((p) => p.trim() !== '')
        .map((p, i) => (
          <p key={i} className="copy-paragraph">
            {p}
          </p>
        ))}
    </>
  );
}

function Tags({ tags, shape }: { tags: string[]; shape: TextCopy['shape'] }) {
  const shown = tags.filter((t) => t.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <p className="copy-tags" data-testid="copy-tags">
      {shown.map((t, i) => (
        <span key={i} className="copy-tag">
          {formatTag(t, shape)}
        </span>
      ))}
    </p>
  );
}

/**
 * One answer laid out for its platform: a RED note (title, paragraphs,
 * #tags), a Weibo post (#tag#), a video script as a shot table, a WeChat
 * article with its section headings.
 */
export function CopyView({ copy }: { copy: TextCopy }) {
  const { t } = useI18n();
  switch (copy.shape) {
    case 'note':
      return (
        <div className="copy copy-note" data-shape="note">
          {copy.title && (
            <h3 className="copy-title" data-testid="text-result-title">
              {copy.title}
            </h3>
          )}
          <Paragraphs list={copy.paragraphs} />
          <Tags tags={copy.tags} shape="note" />
        </div>
      );
    case 'post':
      return (
        <div className="copy copy-post" data-shape="post">
          <Paragraphs list={copy.paragraphs} />
          <Tags tags={copy.tags} shape="post" />
        </div>
      );
    case 'script':
      return (
        <div className="copy copy-script" data-shape="script">
          {copy.title && (
            <h3 className="copy-title" data-testid="text-result-title">
              {copy.title}
            </h3>
          )}
          <table className="shot-table" data-testid="shot-table">
            <thead>
              <tr>
                <th scope="col" className="shot-n">
                  {t('rewrite.shot.col')}
                </th>
                <th scope="col" className="shot-seconds">
                  {t('rewrite.seconds.col')}
                </th>
                <th scope="col">{t('rewrite.visual')}</th>
                <th scope="col">{t('rewrite.narration')}</th>
              </tr>
            </thead>
            <tbody>
              {copy.shots.map((s, i) => (
                <tr key={i} data-testid="shot-row">
                  <td className="shot-n">{i + 1}</td>
                  <td className="shot-seconds">{t('rewrite.seconds', { n: s.seconds })}</td>
                  <td data-label={t('rewrite.visual')}>{s.visual}</td>
                  <td data-label={t('rewrite.narration')}>{s.narration}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Tags tags={copy.tags} shape="script" />
        </div>
      );
    case 'article':
      return (
        <article className="copy copy-article" data-shape="article">
          {copy.title && (
            <h3 className="copy-title" data-testid="text-result-title">
              {copy.title}
            </h3>
          )}
          {copy.sections.map((s, i) => (
            <section key={i} className="copy-section">
              {s.heading && <h4 className="copy-heading">{s.heading}</h4>}
              <Paragraphs list={s.paragraphs} />
            </section>
          ))}
        </article>
      );
  }
}
