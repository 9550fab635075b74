import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { useDownloads } from '../../../lib/download';
import { useI18n } from '../../../lib/i18n';
import { useNow } from '../../../lib/useNow';
import { downloadIdeaDocx, IDEA_DOCX_ITEM } from '../api/ideas';
import { cooldownLeft, docxFileName, TOPIC_MAX } from '../report';

/** When each report was last exported, so that its rest survives switching reports. */
const lastExport = new Map<string, number>();

/**
 * 导出Word: asks for the document's title (热点营销策划 by default), then
 * downloads `<title>.docx`; the button rests for 60 seconds after an export.
 */
export function ExportDocxButton({ reportId, mobile = false }: { reportId: string; mobile?: boolean }) {
  const { t } = useI18n();
  const { isDownloading, anyDownloading } = useDownloads();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [exportedAt, setExportedAt] = useState<number | null>(() => lastExport.get(reportId) ?? null);
  const now = useNow(1000, exportedAt !== null);
  const left = cooldownLeft(exportedAt, exportedAt === null ? 0 : Math.max(now, exportedAt));
  const busy = isDownloading(IDEA_DOCX_ITEM);
  const fallback = t('idea.export.defaultTitle');

  const show = () => {
    setTitle(fallback);
    setOpen(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = title.trim() || fallback;
    const ok = await downloadIdeaDocx(reportId, name, docxFileName(name, fallback));
    if (ok) {
      const at = Date.now();
      lastExport.set(reportId, at);
      setExportedAt(at);
      setOpen(false);
    }
  };

  return (
    <>
      <button type="button" className="button primary" data-testid="idea-export" data-cooldown={left} disabled={left > 0 || anyDownloading} onClick={show}>
        {busy ? t('idea.export.exporting') : left > 0 ? t('idea.export.wait', { n: left }) : t('idea.export')}
      </button>
      <Modal open={open} title={t('idea.export.title')} onClose={() => setOpen(false)} closeLabel={t('idea.export.close')} testId="idea-export-dialog" variant={mobile ? 'mobile' : 'desktop'}>
        <form className="idea-export-form" onSubmit={(e) => void submit(e)}>
          <label className="field">
            <span className="field-head">{t('idea.export.fileTitle')}</span>
            <input type="text" value={title} maxLength={TOPIC_MAX} data-testid="idea-export-title" onChange={(e) => setTitle(e.target.value)} />
          </label>
          <div className="modal-actions">
            <button type="submit" className="button primary" disabled={anyDownloading} data-testid="idea-export-submit">
              {busy ? t('idea.export.exporting') : t('idea.export.download')}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
