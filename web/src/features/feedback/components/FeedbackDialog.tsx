/**
 * Help and feedback (from the floating helper): title and content
 * required, submit disabled until both are filled; one png/jpeg image of
 * at most 20 MB, "上传中" while it uploads.
 */
import { useRef, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { uploadFeedbackImage, useSubmitFeedback } from '../api/feedback';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_TITLE_MAX, canSubmitFeedback, feedbackImageOk } from '../rules';
import './FeedbackDialog.css';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [imageName, setImageName] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = useSubmitFeedback();

  const reset = () => {
    setTitle('');
    setContent('');
    setImageUrl(null);
    setImageName(null);
  };

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!feedbackImageOk(file)) {
      toast.error(t('feedback.image.invalid'));
      return;
    }
    setUploading(true);
    try {
      const { urls } = await uploadFeedbackImage(file);
      setImageUrl(urls[0] ?? null);
      setImageName(file.name);
    } catch {
      // the client already showed the server's message
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = () => {
    if (!canSubmitFeedback(title, content, uploading)) return;
    submit.mutate(
      { title: title.trim(), content: content.trim(), attachments: imageUrl ? [{ url: imageUrl }] : [] },
      {
        onSuccess: () => {
          toast.success(t('feedback.success'));
          reset();
          onClose();
        },
      },
    );
  };

  return (
    <Modal open={open} title={t('feedback.title')} closeLabel={t('common.close')} onClose={onClose} testId="feedback-dialog">
      <form
        className="form feedback-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <label className="field">
          <span>{t('feedback.field.title')} *</span>
          <input className="input"
            data-testid="feedback-title"
            value={title}
            maxLength={FEEDBACK_TITLE_MAX}
            placeholder={t('feedback.field.title.placeholder')}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('feedback.field.content')} *</span>
          <textarea
            className="input"
            data-testid="feedback-content"
            value={content}
            maxLength={FEEDBACK_CONTENT_MAX}
            rows={5}
            placeholder={t('feedback.field.content.placeholder')}
            onChange={(e) => setContent(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('feedback.field.image')}</span>
          <input
            ref={fileInput}
            data-testid="feedback-image"
            type="file"
            accept="image/png,image/jpeg"
            disabled={uploading || !!imageUrl}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        {uploading && (
          <p className="muted" data-testid="feedback-uploading">
            {t('feedback.uploading')}
          </p>
        )}
        {imageUrl && (
          <p data-testid="feedback-image-done">
            {imageName}{' '}
            <button type="button" className="button small ghost" onClick={() => setImageUrl(null)}>
              {t('feedback.image.remove')}
            </button>
          </p>
        )}
        <button
          type="submit"
          className="button primary"
          data-testid="feedback-submit"
          disabled={!canSubmitFeedback(title, content, uploading) || submit.isPending}
        >
          {t('feedback.submit')}
        </button>
      </form>
    </Modal>
  );
}
