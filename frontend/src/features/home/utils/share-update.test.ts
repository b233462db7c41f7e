import { describe, expect, it, vi } from 'vitest';

import { isAbortError, shareUpdate, type ShareNavigator, type ShareRequest } from '@/features/home/utils/share-update';

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const request: ShareRequest = {
  makeImage: () => Promise.resolve(png),
  fileName: 'meguri.png',
  title: '太郎さんの今日',
  text: '太郎さんの今日\n見出し',
};

describe('shareUpdate', () => {
  it('shares the PNG as a file where the device takes files', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    const nav: ShareNavigator = { share, canShare: (data) => Boolean(data.files?.length) };
    const download = vi.fn();

    await expect(shareUpdate(request, nav, download)).resolves.toBe('shared-file');

    const data = share.mock.calls[0]?.[0];
    expect(data?.files?.[0]?.name).toBe('meguri.png');
    expect(data?.files?.[0]?.type).toBe('image/png');
    expect(data?.title).toBe('太郎さんの今日');
    expect(download).not.toHaveBeenCalled();
  });

  it('falls back to a text share when files cannot be shared', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    const download = vi.fn();

    await expect(shareUpdate(request, { share, canShare: () => false }, download)).resolves.toBe('shared-text');
    await expect(shareUpdate(request, { share }, download)).resolves.toBe('shared-text');

    expect(share.mock.calls.map(([data]) => data)).toEqual([
      { title: '太郎さんの今日', text: '太郎さんの今日\n見出し' },
      { title: '太郎さんの今日', text: '太郎さんの今日\n見出し' },
    ]);
    expect(download).not.toHaveBeenCalled();
  });

  it('downloads the PNG where there is no share at all', async () => {
    const download = vi.fn();
    await expect(shareUpdate(request, {}, download)).resolves.toBe('downloaded');
    expect(download).toHaveBeenCalledWith(png, 'meguri.png');
  });

  it('passes on a failed share and a template that does not load', async () => {
    const refused = new DOMException('not allowed', 'NotAllowedError');
    await expect(shareUpdate(request, { share: () => Promise.reject(refused) }, vi.fn())).rejects.toBe(refused);

    const broken = { ...request, makeImage: () => Promise.reject(new Error('Failed to load background template')) };
    const download = vi.fn();
    await expect(shareUpdate(broken, {}, download)).rejects.toThrow('Failed to load background template');
    expect(download).not.toHaveBeenCalled();
  });
});

describe('isAbortError', () => {
  it('recognises a closed share sheet and nothing else', () => {
    expect(isAbortError(new DOMException('closed', 'AbortError'))).toBe(true);
    expect(isAbortError(new DOMException('no', 'NotAllowedError'))).toBe(false);
    expect(isAbortError(new Error('AbortError'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});
