import { BlobImage } from '../../../components/BlobImage';
import { useI18n } from '../../../lib/i18n';
import type { ContentItem } from '../api/content';

/** The post's generated pictures (a scene and a design picture of its text): each once made, a wait while made, a note when it failed. */
export function GenImages({ item }: { item: ContentItem }) {
  const { t } = useI18n();
  if (item.genImages.length === 0) return null;
  return (
    <ul className="content-gen-images" data-testid="content-gen-images">
      {item.genImages.map((g) => {
        const label = t(g.type === 'scene_pic' ? 'content.genImage.scene' : 'content.genImage.design');
        const failed = g.status === 'FAILED' || g.status === 'TIMEOUT';
        return (
          <li key={g.taskId} className="content-gen-image" data-testid="content-gen-image" data-type={g.type} data-status={g.status}>
            {g.url ? <BlobImage url={g.url} alt={label} /> : <span className="content-gen-wait">{t(failed ? 'content.genImage.failed' : 'content.genImage.making')}</span>}
            <span className="muted small">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
