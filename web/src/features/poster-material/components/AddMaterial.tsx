import { useState } from 'react';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import { ASSET_IMAGE, ASSET_LOGO, ASSET_NAME_MAX, uploadIdOf, useAddPosterAsset, type NewPosterAsset, type PosterAssetKind } from '../../../lib/api/posterAssets';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { ImageSize } from '../../../lib/uploadRules';
import { KindPicker } from './KindPicker';

/**
 * Upload a picture (the uploader every feature uses: POST /api/uploads),
 * then keep it in the library under a name and a kind; members of a tenant
 * may share it at once. A refusal (the 500 limit, a bad name) is the
 * client's toast of the server's message.
 */
export function AddMaterial({ canShare, readSize }: { canShare: boolean; readSize?: (file: Blob) => Promise<ImageSize> }) {
  const { t } = useI18n();
  const add = useAddPosterAsset();
  const [upload, setUpload] = useState<(UploadedImage & { preview: string }) | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PosterAssetKind>(ASSET_IMAGE);
  const [shared, setShared] = useState(false);
  const tooLong = Array.from(name.trim()).length > ASSET_NAME_MAX;

  const submit = () => {
    if (!upload) {
      toast.warning(t('material.add.needUpload'));
      return;
    }
    if (tooLong) return;
    const body: NewPosterAsset = { uploadId: uploadIdOf(upload.url), contentType: kind };
    if (name.trim()) body.name = name.trim();
    if (canShare && shared) body.shared = true;
    add.mutate(body, {
      onSuccess: () => {
        toast.success(t('material.add.done'));
        URL.revokeObjectURL(upload.preview);
        setUpload(null);
        setName('');
        setKind(ASSET_IMAGE);
        setShared(false);
      },
    });
  };

  return (
    <section className="panel material-add" data-testid="material-add">
      <h2 className="panel-title">{t('material.add.title')}</h2>
      <div className="material-add-body">
        <ImageUploader purpose="material" readSize={readSize} previewUrl={upload?.preview ?? null} onUploaded={(u) => setUpload({ ...u, preview: URL.createObjectURL(u.file) })} />
        <div className="material-add-fields">
          <label className="field">
            <span>{t('material.add.name')}</span>
            <input
              type="text"
              data-testid="material-add-name"
              value={name}
              placeholder={t('material.add.namePlaceholder')}
              aria-invalid={tooLong}
              onChange={(e) => setName(e.target.value)}
            />
            {tooLong && <small className="field-error">{t('material.nameTooLong')}</small>}
          </label>
          <KindPicker value={kind} onChange={setKind} testId="material-add-kind" kinds={[ASSET_IMAGE, ASSET_LOGO]} />
          {canShare && (
            <label className="field inline checkbox">
              <input type="checkbox" data-testid="material-add-share" checked={shared} onChange={(e) => setShared(e.target.checked)} />
              <span>{t('material.add.share')}</span>
            </label>
          )}
          <button type="button" className="button primary" data-testid="material-add-submit" disabled={add.isPending || !upload || tooLong} onClick={submit}>
            {add.isPending ? t('material.add.adding') : t('material.add.submit')}
          </button>
        </div>
      </div>
    </section>
  );
}
