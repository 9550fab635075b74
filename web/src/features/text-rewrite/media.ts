/**
 * The media-rewrite pages: /rewrite-image (图片改写, HOT_PIC_REWRITE) and
 * /rewrite-video (视频改写, HOT_VIDEO_REWRITE). The worker reads the input
 * (the text in a note's images, or a video's speech) and rewrites it like
 * /rewrite-text does. Their prices (perResult: lingshi × genNum) and bounds
 * (imagesMax; videoMaxBytes, videoMaxSeconds; genNumMax, genNumDefault) are
 * the server's (`GET /api/task-types`, lib/taskTypes).
 *
 *   HOT_PIC_REWRITE    { imageUrls: string[] (1..imagesMax), socialPlatform, style, genNum }
 *   HOT_VIDEO_REWRITE  { videoUrl, style, genNum }   (the answer is always a short-video script)
 */
import type { MessageKey } from '../../lib/i18n';
import { DEFAULT_PLATFORM, DEFAULT_STYLE, effectiveGenNum, type LanguageChoice, type Platform, type Style } from './constants';

export const IMAGE_REWRITE_BIZ_TYPE = 'HOT_PIC_REWRITE';
export const VIDEO_REWRITE_BIZ_TYPE = 'HOT_VIDEO_REWRITE';
export type MediaRewriteBizType = typeof IMAGE_REWRITE_BIZ_TYPE | typeof VIDEO_REWRITE_BIZ_TYPE;

/** The server's limits each form is built with. */
export const IMAGE_REWRITE_LIMITS = ['imagesMax', 'genNumMax', 'genNumDefault'] as const;
export type ImageRewriteLimits = Record<(typeof IMAGE_REWRITE_LIMITS)[number], number>;
export const VIDEO_REWRITE_LIMITS = ['videoMaxBytes', 'videoMaxSeconds', 'genNumMax', 'genNumDefault'] as const;
export type VideoRewriteLimits = Record<(typeof VIDEO_REWRITE_LIMITS)[number], number>;

/** One uploaded image of the note: the server's URL and the local preview. */
export interface NoteImage {
  url: string;
  preview: string;
  name: string;
}

/** The uploaded video: the server's URL and what it measured, and the local preview. */
export interface PickedVideo {
  url: string;
  preview: string;
  name: string;
  durationMs: number;
  width: number;
  height: number;
}

/**
 * The options shared with the text-rewrite pages (RewriteOptions). `language`
 * is kept for that form's shape; these pages send none (the answer follows
 * the source).
 */
interface Choices {
  platform: Platform;
  style: Style;
  language: LanguageChoice;
  /** null: the server's genNumDefault, until the user picks one. */
  genNum: number | null;
}

export interface ImageRewriteForm extends Choices {
  images: NoteImage[];
}

export interface VideoRewriteForm extends Choices {
  video: PickedVideo | null;
  /** The language spoken in the video (`auto`: the speech model detects it). */
  speech: LanguageChoice;
}

const choices = (): Choices => ({ platform: DEFAULT_PLATFORM, style: DEFAULT_STYLE, language: 'auto', genNum: null });
export const initialImageForm = (): ImageRewriteForm => ({ ...choices(), images: [] });
export const initialVideoForm = (): VideoRewriteForm => ({ ...choices(), video: null, speech: 'auto' });

/** The task params (until the OpenAPI types carry them). */
export type ImageRewriteParams = { imageUrls: string[]; socialPlatform: Platform; style: Style; genNum: number };
export type VideoRewriteParams = { videoUrl: string; speechLanguage?: 'zh' | 'en'; style: Style; genNum: number };

type Built<P> = { params: P } | { missing: MessageKey; vars?: Record<string, number> };

export function buildImageParams(form: ImageRewriteForm, limits: ImageRewriteLimits): Built<ImageRewriteParams> {
  if (form.images.length === 0) return { missing: 'mediaRewrite.imagesRequired' };
  if (form.images.length > limits.imagesMax) return { missing: 'mediaRewrite.imagesTooMany', vars: { max: limits.imagesMax } };
  return {
    params: {
      imageUrls: form.images.map((i) => i.url),
      socialPlatform: form.platform,
      style: form.style,
      genNum: effectiveGenNum(form.genNum, limits),
    },
  };
}

export function buildVideoParams(form: VideoRewriteForm, limits: VideoRewriteLimits): Built<VideoRewriteParams> {
  if (!form.video) return { missing: 'mediaRewrite.videoRequired' };
  const params: VideoRewriteParams = { videoUrl: form.video.url, style: form.style, genNum: effectiveGenNum(form.genNum, limits) };
  if (form.speech !== 'auto') params.speechLanguage = form.speech;
  return { params };
}

/** The containers the server takes (mp4, mov), by MIME type or, when the browser names none, by extension. */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,.mp4,.mov';
const VIDEO_TYPES = ['video/mp4', 'video/quicktime'];

export function isAcceptedVideo(file: { name: string; type: string }): boolean {
  if (file.type) return VIDEO_TYPES.includes(file.type.toLowerCase());
  return /\.(mp4|mov)$/i.test(file.name);
}

export type VideoProblem = 'mediaRewrite.videoBadFormat' | 'mediaRewrite.videoTooLarge';

/** What the client can refuse before uploading: the format and the size (the length is the server's to measure). */
export function videoProblem(file: { name: string; type: string; size: number }, limits: Pick<VideoRewriteLimits, 'videoMaxBytes'>): VideoProblem | null {
  if (!isAcceptedVideo(file)) return 'mediaRewrite.videoBadFormat';
  if (file.size > limits.videoMaxBytes) return 'mediaRewrite.videoTooLarge';
  return null;
}

/** A byte count as whole megabytes (52428800 → 50). */
export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** A length as m:ss (65000 → "1:05"). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The failures these types have their own words for (the task's errorCode). */
export const MEDIA_ERROR_CODES = ['OCR_NO_TEXT', 'VIDEO_NO_SPEECH'] as const;
export type MediaErrorCode = (typeof MEDIA_ERROR_CODES)[number];

export function mediaErrorKey(code: string | null | undefined): MessageKey | null {
  return (MEDIA_ERROR_CODES as readonly string[]).includes(code ?? '') ? (`mediaRewrite.error.${code}` as MessageKey) : null;
}
