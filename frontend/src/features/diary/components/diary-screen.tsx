import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { useDiary } from '@/features/diary/api/get-diary';
import { DiaryComposer } from '@/features/diary/components/diary-composer';
import { DiaryEntryCard } from '@/features/diary/components/diary-entry-card';
import { errorMessageFor } from '@/lib/api-client';

type DiaryScreenProps = {
  /** The signed-in member (the draft is theirs; every listed entry is theirs). */
  userId: string;
};

/**
 * /diary (spec §2): the composer, then the member's entries, newest day first, a page at a time.
 */
export function DiaryScreen({ userId }: DiaryScreenProps) {
  const listId = useId();
  const diary = useDiary();
  const refresh = () => void diary.mutate();

  let list;
  if (diary.data) {
    list =
      diary.entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          まだ日記がありません。今日のことをひとこと書いてみましょう。
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {diary.entries.map((entry) => (
            <DiaryEntryCard key={entry.id} entry={entry} own onChanged={refresh} onDeleted={refresh} />
          ))}
          {diary.hasMore ? (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Button variant="outlined" onClick={() => void diary.setSize(diary.size + 1)} disabled={diary.loadingMore}>
                {diary.loadingMore ? '読み込み中...' : 'もっと見る'}
              </Button>
            </Box>
          ) : null}
        </Box>
      );
  } else if (diary.error) {
    list = <LoadErrorBlock message={errorMessageFor(diary.error, '日記を読み込めませんでした。')} onRetry={refresh} />;
  } else {
    list = <LoadingBlock label="日記を読み込み中" />;
  }

  return (
    <Container component="main" maxWidth="md" sx={{ pt: { xs: 2.5, sm: 5 }, pb: { xs: 3, sm: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, mb: 2.5, px: 0.5 }}>
        日記
      </Typography>
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 } }}>
        <DiaryComposer userId={userId} onSaved={refresh} />
        <Box component="section" aria-labelledby={listId}>
          <Typography id={listId} variant="h2" sx={{ fontSize: '1.05rem', mb: 1.25, px: 0.5 }}>
            これまでの日記
          </Typography>
          {list}
        </Box>
      </Box>
    </Container>
  );
}
