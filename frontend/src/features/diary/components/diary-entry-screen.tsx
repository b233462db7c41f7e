import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';

import { Link } from '@/components/ui/link';
import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { paths } from '@/config/paths';
import { diaryListKey, useDiaryEntry } from '@/features/diary/api/get-diary';
import { DiaryEntryCard } from '@/features/diary/components/diary-entry-card';
import { errorMessageFor, isApiError } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

type DiaryEntryScreenProps = {
  id: string;
  /** The signed-in member: their own entry can be changed and deleted here. */
  userId: string;
};

/** The gateway's DIARY_ENTRY_NOT_FOUND message, for an id that is not one (nothing is asked then). */
const NOT_FOUND = '日記が見つかりません';

/**
 * /diary/{id}: one entry, the caller's own or one that mentions them (the mention mail links here).
 * Anything else, like a missing entry, reads as not found.
 */
export function DiaryEntryScreen({ id, userId }: DiaryEntryScreenProps) {
  const entry = useDiaryEntry(id);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  let body;
  if (!isUuid(id) || (isApiError(entry.error) && entry.error.status === 404)) {
    body = (
      <Box role="alert" sx={{ py: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{entry.error ? errorMessageFor(entry.error, NOT_FOUND) : NOT_FOUND}</Typography>
        <Link to={paths.diary}>日記へ戻る</Link>
      </Box>
    );
  } else if (entry.data) {
    const own = entry.data.author.userId === userId;
    body = (
      <DiaryEntryCard
        entry={entry.data}
        own={own}
        showAuthor={!own}
        headingLevel="h2"
        onChanged={(saved) => {
          void entry.mutate(saved, { revalidate: false });
          void mutate(diaryListKey);
        }}
        onDeleted={() => {
          void mutate(diaryListKey);
          void navigate(paths.diary, { replace: true });
        }}
      />
    );
  } else if (entry.error) {
    body = (
      <LoadErrorBlock message={errorMessageFor(entry.error, '日記を読み込めませんでした。')} onRetry={() => void entry.mutate()} />
    );
  } else {
    body = <LoadingBlock label="日記を読み込み中" />;
  }

  return (
    <Container component="main" maxWidth="md" sx={{ pt: { xs: 2.5, sm: 5 }, pb: { xs: 3, sm: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, mb: 1, px: 0.5 }}>
        日記
      </Typography>
      <Box sx={{ mb: 2, px: 0.5 }}>
        <Link to={paths.diary}>日記の一覧へ</Link>
      </Box>
      {body}
    </Container>
  );
}
