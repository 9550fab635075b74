import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDeleteHotspot, type Hotspot } from '../api/hotspots';

/** Deletes one of the caller's custom hotspots, after asking. */
export function DeleteHotspotButton({ hotspot }: { hotspot: Hotspot }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteHotspot();
  const confirm = () =>
    remove.mutate(hotspot.id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t('hot.custom.deleted'));
      },
    });
  return (
    <>
      <button type="button" className="button small ghost danger" data-testid="hotspot-delete" onClick={() => setAsking(true)}>
        {t('hot.custom.delete')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('hot.custom.deleteTitle')}
        message={t('hot.custom.deleteMessage', { title: hotspot.title })}
        confirmLabel={t('hot.custom.delete')}
        cancelLabel={t('hot.cancel')}
        pending={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        testId="hotspot-delete-confirm"
      />
    </>
  );
}
