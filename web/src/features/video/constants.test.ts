import { describe, expect, it } from 'vitest';
import { VIDEO_COST, buildVideoParams, initialVideoForm, videoFileName } from './constants';

describe('video options', () => {
  it('start at the spec defaults', () => {
    const f = initialVideoForm();
    expect(f).toMatchObject({ lenControl: 'L', duration: 2.5, format: 'mp4', resolutionRatio: '720p', motionDistance: 3 });
  });

  it('cost 40 at 480p and 80 at 720p', () => {
    expect(VIDEO_COST['480p']).toBe(40);
    expect(VIDEO_COST['720p']).toBe(80);
  });

  it('need an image, then send the speed preset as fps and motionBucket', () => {
    expect(buildVideoParams(initialVideoForm())).toEqual({ missing: 'needImage' });
    const built = buildVideoParams({ ...initialVideoForm(), imageUrl: '/api/files/uploads/x', speed: 'high', lenControl: 'CW' });
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

  it('name downloads by format', () => {
    expect(videoFileName('0123456789', '/api/files/results/0123456789/video.gif')).toBe('pixmart-video-01234567.gif');
  });
});
