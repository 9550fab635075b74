import { vi } from 'vitest';

/** A PNG file answer (its first bytes). */
export const pngResponse = () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } });

/**
 * Stubs object URLs (`blob:test/1`, `blob:test/2`…) and records the file
 * names `<a download>` saves, in order, in the returned array.
 */
export function captureDownloads(): string[] {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
