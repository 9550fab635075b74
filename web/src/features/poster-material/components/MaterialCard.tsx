import { Link } from 'react-router';
import { BlobImage } from '../../../components/BlobImage';
import type { PosterAsset } from '../../../lib/api/posterAssets';
import { formatDate } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { formatBytes } from '../filters';

/** One material in the grid: its picture, name, kind, size and date; a click opens its page. */
export function MaterialCard({ asset }: { asset: PosterAsset }) {
  const { t, lang } = useI18n();
  return (
    <li className="material-card" data-testid="material-card" data-asset-id={asset.id} data-kind={asset.contentType}>
      <Link to={`/modi-poster-material/${encodeURIComponent(asset.id)}`} className="material-card-link" data-testid="material-open">
        <span className="material-thumb checkerboard">
          <BlobImage url={asset.url} alt={asset.name} loading="lazy" />
          {asset.shared && (
            <span className="material-badge" data-testid="material-shared">
              {t('material.shared')}
            </span>
          )}
        </span>
        <span className="material-meta">
          <span className="material-name" data-testid="material-name" title={asset.name}>
            {asset.name}
          </span>
          <span className="muted small">
            <span className="material-kind" data-testid="material-kind">
              {t(`material.kind.${asset.contentType}`)}
            </span>
            {' · '}
            <span data-testid="material-size">
              {asset.width}×{asset.height} · {formatBytes(asset.sizeBytes)}
            </span>
          </span>
          <time className="muted small" dateTime={new Date(asset.updatedAt).toISOString()} data-testid="material-date">
            {formatDate(asset.updatedAt, lang)}
          </time>
        </span>
      </Link>
    </li>
  );
}
