import { BlobImage } from '../../../components/BlobImage';
import { useI18n } from '../../../lib/i18n';
import type { IdeaPicture } from '../api/ideas';

/** An idea's scene and design pictures: each shown once made, a placeholder while it is made, a note when it failed. */
export function IdeaPictures({ pictures }: { pictures: IdeaPicture[] }) {
  const { t } = useI18n();
  if (pictures.length === 0) return null;
  return (
    <ul className="idea-pictures" data-testid="idea-pictures">
      {pictures.map((p) => (
        <li key={p.taskId} className={`idea-picture status-${p.status.toLowerCase()}`} data-testid="idea-picture" data-kind={p.kind} data-status={p.status}>
          {p.url ? (
            <BlobImage url={p.url} alt={t(p.kind === 'scene' ? 'idea.picture.scene' : 'idea.picture.design')} />
          ) : (
            <span className="idea-picture-wait">{p.status === 'FAILED' || p.status === 'TIMEOUT' ? t('idea.picture.failed') : t('idea.picture.making')}</span>
          )}
          <span className="idea-picture-kind muted small">{t(p.kind === 'scene' ? 'idea.picture.scene' : 'idea.picture.design')}</span>
        </li>
      ))}
    </ul>
  );
}
