import { describe, expect, it } from 'vitest';
import { fileExtension } from './downloads';

describe('fileExtension', () => {
  it('reads the extension of a file URL, png when there is none', () => {
    expect(fileExtension('/api/files/results/42/1.jpg')).toBe('jpg');
    expect(fileExtension('/api/files/prepared/a.b/2k.png?x=1')).toBe('png');
    expect(fileExtension('/api/files/results/42/cutout')).toBe('png');
    expect(fileExtension('/api/files/a.dir/noext')).toBe('png');
  });
});
