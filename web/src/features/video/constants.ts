/**
 * Image-to-video (IMG_2_VEDIO) options, as the original app's video defaults:
 * type 1, genNum 1, resolution 720p (priced by resolution: the server's
 * `GET /api/task-types`, lib/taskTypes), duration 2.5 s, mp4 or gif, speed
 * presets (fps high 9 / medium 8 / low 7 with motionBucket
 * 80 / 60 / 40), motionDistance 3, lenControl L; camera moves L, R, U, D,
 * CW, ACW, I, O.
 */
export const VIDEO_BIZ_TYPE = 'IMG_2_VEDIO';

export const CAMERA_MOVES = ['L', 'R', 'U', 'D', 'CW', 'ACW', 'I', 'O'] as const;
export type CameraMove = (typeof CAMERA_MOVES)[number];

export type Speed = 'high' | 'medium' | 'low';
export const SPEEDS: readonly Speed[] = ['high', 'medium', 'low'];
export const SPEED_PRESETS: Record<Speed, { fps: number; motionBucket: number }> = {
  high: { fps: 9, motionBucket: 80 },
  medium: { fps: 8, motionBucket: 60 },
  low: { fps: 7, motionBucket: 40 },
};

export type Resolution = '480p' | '720p';
export const RESOLUTIONS: readonly Resolution[] = ['480p', '720p'];

export type VideoFormat = 'mp4' | 'gif';
export const FORMATS: readonly VideoFormat[] = ['mp4', 'gif'];

/** Clip lengths offered (seconds), those within the server's bounds are shown. */
export const DURATIONS: readonly number[] = [1.5, 2, 2.5, 3, 4, 5];

/**
 * The server's bounds (IMG_2_VEDIO's limits): the clip length in
 * milliseconds and the camera's motion distance. The form can be sent
 * without them (its defaults are the original app's); they narrow what is offered.
 */
export const VIDEO_LIMITS = ['durationMinMs', 'durationMaxMs', 'motionDistanceMin', 'motionDistanceMax'] as const;
export type VideoLimits = Record<(typeof VIDEO_LIMITS)[number], number>;

/** The offered lengths the server accepts; all of them while its bounds load. */
export function durationOptions(limits: VideoLimits | null): readonly number[] {
  if (!limits) return DURATIONS;
  return DURATIONS.filter((s) => s * 1000 >= limits.durationMinMs && s * 1000 <= limits.durationMaxMs);
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

export interface VideoForm {
  imageUrl: string | null;
  lenControl: CameraMove;
  speed: Speed;
  duration: number;
  format: VideoFormat;
  resolutionRatio: Resolution;
  motionDistance: number;
}

export function initialVideoForm(): VideoForm {
  return { imageUrl: null, lenControl: 'L', speed: 'medium', duration: 2.5, format: 'mp4', resolutionRatio: '720p', motionDistance: 3 };
}

export interface VideoParams {
  imageUrl: string;
  type: 1;
  genNum: 1;
  lenControl: CameraMove;
  fps: number;
  motionBucket: number;
  duration: number;
  format: VideoFormat;
  resolutionRatio: Resolution;
  motionDistance: number;
}

/** The task params, or which input is missing. */
export function buildVideoParams(form: VideoForm, limits: VideoLimits | null): { params: VideoParams } | { missing: 'needImage' } {
  if (!form.imageUrl) return { missing: 'needImage' };
  const preset = SPEED_PRESETS[form.speed];
  // Within the server's bounds when known; else the server checks what is sent.
  const duration = limits ? clamp(form.duration, limits.durationMinMs / 1000, limits.durationMaxMs / 1000) : form.duration;
  const motionDistance = limits ? clamp(form.motionDistance, limits.motionDistanceMin, limits.motionDistanceMax) : form.motionDistance;
  return {
    params: {
      imageUrl: form.imageUrl,
      type: 1,
      genNum: 1,
      lenControl: form.lenControl,
      fps: preset.fps,
      motionBucket: preset.motionBucket,
      duration,
      format: form.format,
      resolutionRatio: form.resolutionRatio,
      motionDistance,
    },
  };
}

/** The file name a result downloads as. */
export function videoFileName(taskId: string, url: string): string {
  const ext = url.split('?')[0].split('.').pop() ?? 'mp4';
  return `pixmart-video-${taskId.slice(0, 8)}.${ext}`;
}
