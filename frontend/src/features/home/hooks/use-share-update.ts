import { useCallback, useState } from 'react';

import { toast } from '@/components/ui/toast/toast-store';
import type { FriendUpdate } from '@/features/home/api/get-friend-updates';
import { renderShareImage } from '@/features/home/utils/share-image';
import { downloadBlob, isAbortError, shareUpdate, type ShareNavigator } from '@/features/home/utils/share-update';
import { formatCalendarDate } from '@/lib/dates';

/** The friend an update is about, by display name only (first name, else username). */
export function updateFriendName(update: FriendUpdate): string {
  const friend = update.friends[0];
  return friend?.firstName?.trim() || friend?.username || '友だち';
}

/**
 * Shares one friend update as an image, with the toasts of spec §8: '画像をダウンロード' /
 * '画像を保存しました' when it fell back to a download, 'シェアエラー' / 'シェアに失敗しました' when it
 * failed (not when the person closed the share sheet). `sharing` is the update on its way.
 */
export function useShareUpdate(date: string, nav: ShareNavigator = navigator) {
  const [sharing, setSharing] = useState<string | null>(null);

  const share = useCallback(
    async (update: FriendUpdate) => {
      setSharing(update.id);
      const friendName = updateFriendName(update);
      const dateLabel = date ? formatCalendarDate(date) : '';
      try {
        const outcome = await shareUpdate(
          {
            makeImage: () => renderShareImage({ friendName, dateLabel, text: update.text }),
            fileName: `meguri-${date || 'today'}-${update.id}.png`.replace(/[^\w.-]+/g, '-'),
            title: `${friendName}さんの今日`,
            text: `${friendName}さんの今日\n${update.text}`,
          },
          nav,
          downloadBlob,
        );
        if (outcome === 'downloaded') toast({ title: '画像をダウンロード', description: '画像を保存しました' });
      } catch (error) {
        if (!isAbortError(error)) {
          toast({ variant: 'destructive', title: 'シェアエラー', description: 'シェアに失敗しました' });
        }
      } finally {
        setSharing(null);
      }
    },
    [date, nav],
  );

  return { share, sharing };
}
