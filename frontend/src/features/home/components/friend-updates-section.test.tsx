import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { FriendUpdate } from '@/features/home/api/get-friend-updates';
import { FriendUpdatesSection } from '@/features/home/components/friend-updates-section';
import { renderShareImage } from '@/features/home/utils/share-image';
import type { ShareNavigator } from '@/features/home/utils/share-update';
import { renderApp, toastSaying } from '@/testing/test-utils';

// jsdom has no canvas and loads no images: the drawing is tested in utils/share-image.test.ts.
vi.mock('@/features/home/utils/share-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/home/utils/share-image')>()),
  renderShareImage: vi.fn(),
}));

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const update: FriendUpdate = {
  id: 'u1',
  text: '太郎さんの今日は「縁」の日\n- 朝の連絡が吉\n- 夜は早めに休む',
  friends: [{ userId: '0193d1a2-7c1e-7000-8000-00000000000a', username: 'taro', firstName: '太郎', profileImageUrl: null }],
};

function renderSection(nav: ShareNavigator) {
  return renderApp(
    <FriendUpdatesSection state={{ status: 'ready', date: '2026-11-22', updates: [update] }} shareNavigator={nav} />,
  );
}

const shareButton = () => screen.getByRole('button', { name: '太郎さんの今日を画像でシェア' });

let clicked: HTMLAnchorElement[] = [];
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  vi.mocked(renderShareImage).mockResolvedValue(png);
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  URL.createObjectURL = vi.fn(() => 'blob:share');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

describe('sharing a friend update as an image', () => {
  it('draws the friend by display name with the day and the text', async () => {
    const { user } = renderSection({});

    await user.click(shareButton());

    await waitFor(() =>
      expect(renderShareImage).toHaveBeenCalledWith({ friendName: '太郎', dateLabel: '2026年11月22日', text: update.text }),
    );
  });

  it('shares the PNG file through the share sheet where files can be shared, without a toast', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    const { user } = renderSection({ share, canShare: () => true });

    await user.click(shareButton());

    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]?.[0].files?.[0]?.type).toBe('image/png');
    expect(screen.queryAllByRole('status').filter((el) => el.textContent?.includes('シェア'))).toEqual([]);
    expect(clicked).toEqual([]);
  });

  it("falls back to downloading the PNG and says '画像をダウンロード' / '画像を保存しました'", async () => {
    const { user } = renderSection({});

    await user.click(shareButton());

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toMatch(/^meguri-2026-11-22-u1\.png$/);
    expect(clicked[0]?.href).toBe('blob:share');
    expect(toastSaying('画像を保存しました')).toHaveTextContent('画像をダウンロード');
  });

  it("says 'シェアエラー' / 'シェアに失敗しました' when the template does not load", async () => {
    vi.mocked(renderShareImage).mockRejectedValue(new Error('Failed to load background template'));
    const { user } = renderSection({});

    await user.click(shareButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('シェアエラー');
    expect(alert).toHaveTextContent('シェアに失敗しました');
    expect(clicked).toEqual([]);
  });

  it('says nothing when the person closes the share sheet, and lets them try again', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockRejectedValue(new DOMException('closed', 'AbortError'));
    const { user } = renderSection({ share, canShare: () => true });

    await user.click(shareButton());

    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(shareButton()).toBeEnabled());
    expect(screen.queryByText('シェアに失敗しました')).not.toBeInTheDocument();
  });

  it('reports any other failed share', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    const { user } = renderSection({ share, canShare: () => true });

    await user.click(shareButton());

    expect(await screen.findByText('シェアに失敗しました')).toBeInTheDocument();
  });
});

describe('the friend-updates section', () => {
  it('says how updates arrive and links to /friends when there are none', () => {
    renderApp(<FriendUpdatesSection state={{ status: 'ready', date: '2026-11-22', updates: [] }} />);
    const region = screen.getByRole('region', { name: '友だちの今日' });
    expect(within(region).getByText('友だちを追加すると、ここにみんなの今日の流れが届きます')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: '友だちを探す' })).toHaveAttribute('href', '/friends');
  });

  it('offers to try again when the updates do not load', async () => {
    const onRetry = vi.fn();
    const { user } = renderApp(<FriendUpdatesSection state={{ status: 'error', onRetry }} />);

    expect(screen.getByRole('alert')).toHaveTextContent('友だちの今日を読み込めませんでした。');
    await user.click(screen.getByRole('button', { name: 'もう一度読み込む' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
