import { useState } from 'react';
import { ASSET_IMAGE, ASSET_LOGO, ASSET_NAME_MAX, useUpdatePosterAsset, type PosterAsset, type PosterAssetPatch } from '../../../lib/api/posterAssets';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { KindPicker } from './KindPicker';

/** Rename a material, change its kind (saved together), and share or unshare it (at once). */
export function MaterialEditForm({ asset, canShare }: { asset: PosterAsset; canShare: boolean }) {
  const { t } = useI18n();
  const update = useUpdatePosterAsset();
  const [name, setName] = useState(asset.name);
  const [kind, setKind] = useState(asset.contentType);
  const length = Array.from(name.trim()).length;
  const nameError = length === 0 ? t('material.nameEmpty') : length > ASSET_NAME_MAX ? t('material.nameTooLong') : null;
  const dirty = name.trim() !== asset.name || kind !== asset.contentType;

  const save = () => {
    if (nameError) return;
    const patch: PosterAssetPatch = {};
    if (name.trim() !== asset.name) patch.name = name.trim();
    if (kind !== asset.contentType) patch.contentType = kind;
    update.mutate({ id: asset.id, patch }, { onSuccess: () => toast.success(t('material.edit.saved')) });
  };
  const toggleShare = () =>
    update.mutate(
      { id: asset.id, patch: { shared: !asset.shared } },
      { onSuccess: (a) => toast.success(a.shared ? t('material.sharedDone') : t('material.unsharedDone')) },
    );

  return (
    <div className="material-edit" data-testid="material-edit">
      <label className="field">
        <span>{t('material.add.name')}</span>
        <input type="text" data-testid="material-edit-name" value={name} aria-invalid={!!nameError} onChange={(e) => setName(e.target.value)} />
        {nameError && <small className="field-error">{nameError}</small>}
      </label>
      <KindPicker value={kind} onChange={setKind} kinds={[ASSET_IMAGE, ASSET_LOGO]} testId="material-edit-kind" />
      <div className="material-actions">
        <button type="button" className="button primary" data-testid="material-save" disabled={!dirty || !!nameError || update.isPending} onClick={save}>
          {update.isPending ? t('material.edit.saving') : t('material.edit.save')}
        </button>
        {(canShare || asset.shared) && (
          <button type="button" className="button" data-testid="material-share" aria-pressed={asset.shared} disabled={update.isPending} onClick={toggleShare}>
            {asset.shared ? t('material.unshare') : t('material.share')}
          </button>
        )}
      </div>
    </div>
  );
}
