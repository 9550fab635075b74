import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../test/downloads';
import { downloadZip, zipEntries } from './zip';

afterEach(() => vi.unstubAllGlobals());

const bytes = (...b: number[]) => new Uint8Array(b);

describe('zip', () => {
  it('packs the entries under their names, renaming repeats', async () => {
    const zip = await zipEntries([
      { name: 'a.png', data: bytes(1, 2, 3) },
      { name: 'a.png', data: bytes(4) },
      { name: 'b.jpg', data: bytes(5) },
    ]);
    const out = unzipSync(zip);
    expect(Object.keys(out).sort()).toEqual(['a (2).png', 'a.png', 'b.jpg']);
    expect([...out['a.png']]).toEqual([1, 2, 3]);
  });

  it('fetches every file with the bearer client and saves one ZIP', async () => {
    const saved = captureDownloads();
    let zipped: Blob | null = null;
    vi.mocked(URL.createObjectURL).mockImplementation((b) => {
      zipped = b as Blob;
      return 'blob:test/zip';
    });
    const fetchMock = vi.fn((url: string) => Promise.resolve(new Response(new TextEncoder().encode(url), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];
    const ok = await downloadZip('zip:test', [
      { url: '/api/files/t1/out.png', name: 'one.png' },
      { url: '/api/files/t2/out.png', name: 'two.png' },
    ], 'batch.zip', (done) => progress.push(done));
    expect(ok).toBe(true);
    expect(saved).toEqual(['batch.zip']);
    expect(progress).toEqual([1, 2]);
    const out = unzipSync(new Uint8Array(await (zipped as unknown as Blob).arrayBuffer()));
    expect(new TextDecoder().decode(out['two.png'])).toBe('/api/files/t2/out.png');
  });
});
