import { describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n';
import { FEEDBACK_IMAGE_MAX_BYTES, canSubmitFeedback, feedbackImageOk } from './rules';

describe('feedback rules', () => {
  it('submit is disabled until title and content are filled, and while uploading', () => {
    expect(canSubmitFeedback('', '', false)).toBe(false);
    expect(canSubmitFeedback('标题', '', false)).toBe(false);
    expect(canSubmitFeedback(' ', '内容', false)).toBe(false);
    expect(canSubmitFeedback('标题', '内容', false)).toBe(true);
    expect(canSubmitFeedback('标题', '内容', true)).toBe(false);
  });

  it('one png or jpeg image of at most 20 MB', () => {
    expect(FEEDBACK_IMAGE_MAX_BYTES).toBe(20971520);
    expect(feedbackImageOk({ type: 'image/png', size: 20971520 })).toBe(true);
    expect(feedbackImageOk({ type: 'image/jpeg', size: 1 })).toBe(true);
    expect(feedbackImageOk({ type: 'image/png', size: 20971521 })).toBe(false);
    expect(feedbackImageOk({ type: 'image/webp', size: 10 })).toBe(false);
    expect(feedbackImageOk({ type: 'image/gif', size: 10 })).toBe(false);
    expect(t('feedback.image.invalid', undefined, 'zh')).toBe('请上传大小20M以内图片');
    expect(t('feedback.uploading', undefined, 'zh')).toBe('上传中');
  });

  it("success messages are the original app's strings", () => {
    expect(t('feedback.success', undefined, 'zh')).toBe('反馈成功');
    expect(t('feedback.success', undefined, 'en')).toBe('Feedback Submitted Successfully');
    expect(t('lead.success', undefined, 'zh')).toBe('提交成功！');
    expect(t('lead.success', undefined, 'en')).toBe('Submission successful');
  });
});
