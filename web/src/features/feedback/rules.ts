/**
 * Help-and-feedback rules: title and content required (submit is
 * disabled until both are filled); one png or jpeg image of at most 20 MB.
 */
export const FEEDBACK_IMAGE_MAX_BYTES = 20_971_520;
export const FEEDBACK_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];
export const FEEDBACK_TITLE_MAX = 30;
export const FEEDBACK_CONTENT_MAX = 1000;

export function canSubmitFeedback(title: string, content: string, uploading: boolean): boolean {
  return title.trim().length > 0 && content.trim().length > 0 && !uploading;
}

/** Whether the chosen file may be uploaded as the feedback image. */
export function feedbackImageOk(file: { type: string; size: number }): boolean {
  return FEEDBACK_IMAGE_TYPES.includes(file.type) && file.size <= FEEDBACK_IMAGE_MAX_BYTES;
}
