/**
 * A `GET /api/task-types` answer shaped exactly like the contract, with the
 * numbers the server ships: for unit tests only (the web has no other copy).
 */
import { normalizeTaskTypes, type TaskTypes } from './taskTypes';

const diffusion = (lingshi: number) => ({
  family: 'diffusion',
  price: { rule: 'perTask', lingshi },
  limits: { genNumMax: 4, genNumDefault: 4 },
});

export const TASK_TYPES_PAYLOAD = {
  taskTypes: {
    MANNEQUIN_IMAGE: diffusion(0),
    MODEL_IMAGE_NEW: diffusion(0),
    WIG_IMAGE: diffusion(0),
    SHOES_IMAGE: diffusion(0),
    PRODUCT_IMAGE: {
      family: 'compose',
      price: { rule: 'perImage', lingshi: 5 },
      limits: { genNumMax: 4, erodeMax: 20, erodeDefault: 3 },
    },
    PRODUCT_REPLACE_IMAGE: diffusion(0),
    MATTING_IMAGE: { family: 'segment', price: { rule: 'perTask', lingshi: 5 }, limits: {} },
    CUSTOMIZED_MODEL: diffusion(0),
    PET_IMAGE_CUSTOMIZED: diffusion(0),
    IMG_2_VEDIO: {
      family: 'video',
      price: { rule: 'byResolution', '480p': 40, '720p': 80 },
      limits: { durationMinMs: 1000, durationMaxMs: 5000, motionDistanceMin: 1, motionDistanceMax: 5 },
    },
    TRY_ON: diffusion(20),
    QR_CODE_ART: {
      family: 'qr',
      price: { rule: 'perTask', lingshi: 0 },
      limits: { topNMax: 4, topNDefault: 4, textMaxBytes: 1273, textMaxDigits: 3057 },
    },
    // The text-rewrite types, as GET /api/task-types serves them.
    TEXT_REWRITE: {
      family: 'text',
      price: { rule: 'perResult', lingshi: 5 },
      limits: { contentMinChars: 5, contentMaxChars: 2000, genNumMax: 4, genNumDefault: 2 },
    },
    HOT_ARTICLE_REWRITE: {
      family: 'text',
      price: { rule: 'perResult', lingshi: 10 },
      limits: { contentMinChars: 50, contentMaxChars: 6000, genNumMax: 1, genNumDefault: 1 },
    },
    THEME_ARTICLE_GEN: {
      family: 'text',
      price: { rule: 'perResult', lingshi: 10 },
      limits: { contentMinChars: 2, contentMaxChars: 100, genNumMax: 2, genNumDefault: 1 },
    },
    // The media-rewrite types: the worker reads the images (OCR) or the video (speech), then writes.
    HOT_PIC_REWRITE: {
      family: 'text',
      price: { rule: 'perResult', lingshi: 10 },
      limits: { imagesMax: 9, genNumMax: 2, genNumDefault: 2 },
    },
    HOT_VIDEO_REWRITE: {
      family: 'text',
      price: { rule: 'perResult', lingshi: 10 },
      limits: { videoMaxBytes: 52428800, videoMaxSeconds: 180, genNumMax: 2, genNumDefault: 2 },
    },
    // The poster editor's "fill in the words": one answer per task.
    POSTER_COPY_GEN: {
      family: 'text',
      price: { rule: 'perTask', lingshi: 2 },
      limits: { contentMinChars: 2, contentMaxChars: 500 },
    },
    // An idea report's stages (GET /api/idea-reports): one text task per stage.
    MKT_IDEA_GEN: { family: 'text', price: { rule: 'perTask', lingshi: 30 }, limits: {} },
    // A content batch's posts (GET /api/content-batches): one text task per platform.
    MKT_CONTENT_GEN: { family: 'text', price: { rule: 'perTask', lingshi: 10 }, limits: {} },
  },
  limits: { maxBatchItems: 100 },
};

export const TASK_TYPES: TaskTypes = normalizeTaskTypes(TASK_TYPES_PAYLOAD);
