import { describe, expect, it } from 'vitest';
import { limitsOf, priceOf } from '../../lib/taskTypes';
import { TASK_TYPES } from '../../lib/taskTypes.fixture';
import { DURATIONS, VIDEO_LIMITS, buildVideoParams, durationOptions, initialVideoForm, videoFileName, type VideoLimits } from './constants';

const limits = limitsOf(TASK_TYPES, 'IMG_2_VEDIO', VIDEO_LIMITS) as VideoLimits;

describe('video options', () => {
  it("start at the original app's defaults", () => {
    const f = initialVideoForm();
    expect(f).toMatchObject({ lenControl: 'L', duration: 2.5, format: 'mp4', resolutionRatio: '720p', motionDistance: 3 });
  });

  it("are priced by the server's resolution rule: 40 at 480p and 80 at 720p", () => {
    expect(priceOf(TASK_TYPES, 'IMG_2_VEDIO', { resolution: '480p' })).toBe(40);
    expect(priceOf(TASK_TYPES, 'IMG_2_VEDIO', { resolution: '720p' })).toBe(80);
  });

  it("offer the clip lengths within the server's bounds", () => {
    expect(durationOptions(null)).toEqual(DURATIONS);
    expect(durationOptions(limits)).toEqual([1.5, 2, 2.5, 3, 4, 5]);
    expect(durationOptions({ ...limits, durationMinMs: 2000, durationMaxMs: 3000 })).toEqual([2, 2.5, 3]);
  });

  it('need an image, then send the speed preset as fps and motionBucket', () => {
    expect(buildVideoParams(initialVideoForm(), limits)).toEqual({ missing: 'needImage' });
    const built = buildVideoParams({ ...initialVideoForm(), imageUrl: '/api/files/uploads/x', speed: 'high', lenControl: 'CW' }, limits);
    expect(built).toEqual({
      params: {
        imageUrl: '/api/files/uploads/x',
        type: 1,
        genNum: 1,
        lenControl: 'CW',
        fps: 9,
        motionBucket: 80,
        duration: 2.5,
        format: 'mp4',
        resolutionRatio: '720p',
        motionDistance: 3,
      },
    });
  });

  it("keep duration and motion distance within the server's bounds, and send the form as is while they load", () => {
    const form = { ...initialVideoForm(), imageUrl: '/x', duration: 5, motionDistance: 5 };
    const tight = { durationMinMs: 1000, durationMaxMs: 3000, motionDistanceMin: 1, motionDistanceMax: 4 };
    expect(buildVideoParams(form, tight)).toMatchObject({ params: { duration: 3, motionDistance: 4 } });
    expect(buildVideoParams(form, null)).toMatchObject({ params: { duration: 5, motionDistance: 5 } });
  });

  it('name downloads by format', () => {
    expect(videoFileName('0123456789', '/api/files/results/0123456789/video.gif')).toBe('pixmart-video-01234567.gif');
  });
});
