import { useCallback, useEffect, useState } from 'react';

import { today } from '@/features/diary/utils/diary-dates';
import { clearDraft, emptyDraft, isBlank, loadDraft, saveDraft, type Draft } from '@/features/diary/utils/draft';

/**
 * The composer's draft of `userId`: restored from local storage, written back on every change (an
 * untouched draft is not kept), and replaced by a fresh one with a new `clientId` after a save.
 */
export function useDiaryDraft(userId: string) {
  const [draft, setDraft] = useState<Draft>(() => loadDraft(userId) ?? emptyDraft(today()));

  useEffect(() => {
    if (isBlank(draft, today())) clearDraft(userId);
    else saveDraft(userId, draft);
  }, [userId, draft]);

  const update = useCallback((change: Partial<Omit<Draft, 'clientId'>>) => setDraft((current) => ({ ...current, ...change })), []);
  const reset = useCallback(() => setDraft(emptyDraft(today())), []);

  return { draft, update, reset };
}
