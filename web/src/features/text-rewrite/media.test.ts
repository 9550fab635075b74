import { describe, expect, it } from 'vitest';
import { buildImageParams, buildVideoParams, formatDuration, initialImageForm, initialVideoForm, isAcceptedVideo, mediaErrorKey, megabytes, videoProblem } from './media';

const imageLimits = { imagesMax: 2, genNumMax: 2, genNumDefault: 2 };
const videoLimits = { videoMaxBytes: 52428800, videoMaxSeconds: 180, genNumMax: 2, genNumDefault: 2 };
const img = (n: number) => ({ url: `/api/files/${n}.png`, preview: `blob:${n}`, name: `${n}.png` });

describe('media rewrite forms', () => {
  it('builds the image params: 1..imagesMax URLs, the platform, the style, the count within the bounds', () => {
    expect(buildImageParams(initialImageForm(), imageLimits)).toEqual({ missing: 'mediaRewrite.imagesRequired' });
    expect(buildImageParams({ ...initialImageForm(), images: [img(1), img(2), img(3)] }, imageLimits)).toEqual({
      missing: 'mediaRewrite.imagesTooMany',
      vars: { max: 2 },
    });
    expect(buildImageParams({ ...initialImageForm(), images: [img(1)], genNum: 9 }, imageLimits)).toEqual({
      params: { imageUrls: ['/api/files/1.png'], socialPlatform: 'redbook', style: 'humorous', genNum: 2 },
    });
  });

  it('builds the video params: the URL, the style and the count, no platform', () => {
    expect(buildVideoParams(initialVideoForm(), videoLimits)).toEqual({ missing: 'mediaRewrite.videoRequired' });
    const video = { url: '/api/files/v.mp4', preview: 'blob:v', name: 'v.mp4', durationMs: 5000, width: 320, height: 240 };
    expect(buildVideoParams({ ...initialVideoForm(), video, genNum: 1 }, videoLimits)).toEqual({ params: { videoUrl: '/api/files/v.mp4', style: 'humorous', genNum: 1 } });
  });

  it('takes mp4 and mov only, up to the server’s size', () => {
    expect(isAcceptedVideo({ name: 'a.mp4', type: 'video/mp4' })).toBe(true);
    expect(isAcceptedVideo({ name: 'a.MOV', type: '' })).toBe(true);
    expect(isAcceptedVideo({ name: 'a.mov', type: 'video/quicktime' })).toBe(true);
    expect(isAcceptedVideo({ name: 'a.webm', type: 'video/webm' })).toBe(false);
    expect(isAcceptedVideo({ name: 'a.mp4', type: 'audio/mpeg' })).toBe(false);
    expect(videoProblem({ name: 'a.mp4', type: 'video/mp4', size: 52428800 }, videoLimits)).toBeNull();
    expect(videoProblem({ name: 'a.mp4', type: 'video/mp4', size: 52428801 }, videoLimits)).toBe('mediaRewrite.videoTooLarge');
    expect(videoProblem({ name: 'a.avi', type: 'video/x-msvideo', size: 1 }, videoLimits)).toBe('mediaRewrite.videoBadFormat');
    expect(megabytes(52428800)).toBe(50);
  });

  it('writes lengths as m:ss and knows its coded failures', () => {
    expect(formatDuration(5200)).toBe('0:05');
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(180_000)).toBe('3:00');
    expect(mediaErrorKey('OCR_NO_TEXT')).toBe('mediaRewrite.error.OCR_NO_TEXT');
    expect(mediaErrorKey('VIDEO_NO_SPEECH')).toBe('mediaRewrite.error.VIDEO_NO_SPEECH');
    expect(mediaErrorKey('COPY_GENERATION_FAILED')).toBeNull();
    expect(mediaErrorKey(null)).toBeNull();
  });
});
