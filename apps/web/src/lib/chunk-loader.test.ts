import { describe, expect, it, vi } from 'vitest';
import { createChunkLoader } from './chunk-loader.ts';

describe('createChunkLoader', () => {
  it('fetches once, however often it is asked, and remembers what arrived', async () => {
    const importer = vi.fn(() => Promise.resolve('dialog'));
    const chunk = createChunkLoader(importer);
    expect(chunk.loaded).toBeUndefined();
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect([first, second]).toEqual(['dialog', 'dialog']);
    expect(chunk.loaded).toBe('dialog');
    await chunk.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch, so the next ask tries again', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('dialog');
    const chunk = createChunkLoader(importer);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded).toBeUndefined();
    await expect(chunk.load()).resolves.toBe('dialog');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
