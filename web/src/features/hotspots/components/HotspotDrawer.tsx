import { Link } from 'react-router';
import { Modal } from '../../../components/Modal';
import { formatDateTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useHotspot } from '../api/hotspots';
import { formatHeat } from '../../../lib/heat';
import { PlatformBadge } from './PlatformBadge';
import { TrendLine } from './TrendLine';

interface Props {
  id: string | null;
  open: boolean;
  onClose: () => void;
  mobile?: boolean;
}

/** A hotspot's detail: its heat over time, the source, and the way into an idea report. */
export function HotspotDrawer({ id, open, onClose, mobile = false }: Props) {
  const { t, lang } = useI18n();
  const detail = useHotspot(id);
  const h = detail.data;
  return (
    <Modal
      open={open && !!id}
      title={h?.title ?? t('hot.detail.title')}
      onClose={onClose}
      closeLabel={t('hot.close')}
      testId="hotspot-drawer"
      variant={mobile ? 'mobile' : 'desktop'}
      className="hotspot-drawer"
    >
      {detail.isPending && <p className="muted">{t('hot.loading')}</p>}
      {detail.isError && (
        <p className="form-error" role="alert">
          {t('hot.loadFailed')}
        </p>
      )}
      {h && (
        <div className="hotspot-detail" data-testid="hotspot-detail">
          <p className="hotspot-meta">
            <PlatformBadge platform={h.platform} />
            {h.sourceName && <span className="hotspot-source">{h.sourceName}</span>}
            <span className="hotspot-heat">{t('hot.heat', { n: formatHeat(h.heat, lang) })}</span>
            {h.rank ? <span>{t('hot.detail.rank', { n: h.rank })}</span> : null}
          </p>
          {h.picUrl && <img className="hotspot-detail-image" src={h.picUrl} alt="" referrerPolicy="no-referrer" />}
          {h.summary && <p className="hotspot-detail-summary">{h.summary}</p>}
          <section className="hotspot-detail-trend">
            <h3>{t('hot.detail.trend')}</h3>
            {h.history.length > 0 ? (
              <TrendLine history={h.history} label={t('hot.detail.trend')} />
            ) : (
              <p className="muted">{t('hot.detail.noHistory')}</p>
            )}
          </section>
          <p className="muted small">
            {t('hot.detail.seen', { first: formatDateTime(h.firstSeenAt, lang), last: formatDateTime(h.lastSeenAt, lang) })}
          </p>
          <div className="modal-actions">
            <Link className="button primary" to={`/mott-idea?hotspotId=${encodeURIComponent(h.id)}`} data-testid="hotspot-use">
              {t('hot.detail.use')}
            </Link>
            <Link className="button" to={`/mott-content?hotspotId=${encodeURIComponent(h.id)}`} data-testid="hotspot-content">
              {t('content.link.hotspot')}
            </Link>
            {h.url && (
              <a className="button ghost" href={h.url} target="_blank" rel="noopener noreferrer" data-testid="hotspot-detail-link">
                {t('hot.openSource')}
              </a>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
