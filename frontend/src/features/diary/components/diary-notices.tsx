import { lazy, Suspense, useState } from 'react';

import { markLetterShown, useDeliveredLetters } from '@/features/diary/api/get-letters';
import { markMentionShown, useMentionNotifications } from '@/features/diary/api/get-mentions';

// The dialogs are their own chunk, fetched only when there is something to show.
const MentionDialog = lazy(async () => ({
  default: (await import(/* webpackChunkName: "diary-notices" */ '@/features/diary/components/notice-dialogs')).MentionDialog,
}));
const LetterDialog = lazy(async () => ({
  default: (await import(/* webpackChunkName: "diary-notices" */ '@/features/diary/components/notice-dialogs')).LetterDialog,
}));

/**
 * The diary's notices in the signed-in app shell: the mention dialog for the first unseen mention (spec §2,
 * §4), then a delivered letter from the past, one at a time. Acknowledging marks it shown on the server and
 * reads the list again; when marking fails the dialog closes anyway (spec §4) and stays closed for this
 * visit, though the server still counts it as unseen.
 */
export function DiaryNotices({ username }: { username: string }) {
  const mentions = useMentionNotifications();
  const letters = useDeliveredLetters();
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState(false);

  const mention = mentions.data?.find((item) => !closed.has(item.id));
  const letter = mention ? undefined : letters.data?.find((item) => !closed.has(item.id));

  const acknowledge = async (id: string, mark: (id: string) => Promise<void>, refresh: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await mark(id);
    } catch {
      // Closed anyway (spec §4).
    } finally {
      setClosed((current) => new Set(current).add(id));
      setBusy(false);
    }
    await refresh();
  };

  return (
    <Suspense fallback={null}>
      {mention ? (
        <MentionDialog
          key={mention.id}
          mention={mention}
          username={username}
          busy={busy}
          onAcknowledge={() => void acknowledge(mention.id, markMentionShown, () => mentions.mutate())}
        />
      ) : letter ? (
        <LetterDialog
          key={letter.id}
          letter={letter}
          busy={busy}
          onAcknowledge={() => void acknowledge(letter.id, markLetterShown, () => letters.mutate())}
        />
      ) : null}
    </Suspense>
  );
}
