import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';

import { FRIEND_SEARCH_DEBOUNCE_MS, FRIEND_SEARCH_MAX_LENGTH } from '@/config/constants';
import { useMemberSearch } from '@/features/friends/api/search-members';
import type { Member } from '@/features/friends/api/types';
import { MemberList, MemberRow } from '@/features/friends/components/member-row';
import { RelationActions } from '@/features/friends/components/relation-actions';
import type { FriendActionKind } from '@/features/friends/hooks/use-friend-action';
import { readSearchQuery } from '@/features/friends/utils/search-query';
import { relationOf } from '@/features/friends/utils/relation';
import { errorMessageFor } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';

type FriendSearchProps = {
  onAction: (kind: FriendActionKind, member: Member) => void;
  busy: boolean;
};

/**
 * Search by username (spec §2; the tour's step 8 points at the box, `data-tour="friend-search"`): asks
 * 300 ms after typing stops, shows only public fields and the state with each member, and offers the
 * action that state allows. What happens is said in a polite live region.
 */
export function FriendSearch({ onAction, busy }: FriendSearchProps) {
  const titleId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, FRIEND_SEARCH_DEBOUNCE_MS);
  const typed = readSearchQuery(text);
  const parsed = readSearchQuery(debounced);
  const query = parsed.kind === 'ok' ? parsed.query : '';
  const search = useMemberSearch(query);
  const waiting = typed.kind === 'ok' && (debounced !== text || search.isLoading);

  let status = '';
  if (typed.kind === 'too-long') status = `ユーザー名を${FRIEND_SEARCH_MAX_LENGTH}文字以内で入力してください`;
  else if (typed.kind === 'empty') status = '';
  else if (waiting) status = '検索中...';
  else if (search.error) status = errorMessageFor(search.error, '検索できませんでした。しばらくしてからお試しください');
  else if (search.data && search.data.results.length === 0) status = `「${query}」に一致するユーザーは見つかりませんでした`;
  else if (search.data) status = `${search.data.results.length}人見つかりました`;

  const results = typed.kind === 'ok' && !search.error && query !== '' ? (search.data?.results ?? []) : [];

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        フレンドを探す
      </Typography>
      <Box data-tour="friend-search">
        <TextField
          type="search"
          label="ユーザー名で検索"
          placeholder="例: hanako"
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={typed.kind === 'too-long'}
          slotProps={{
            htmlInput: { autoCapitalize: 'none', spellCheck: false, autoComplete: 'off', 'aria-describedby': statusId },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: waiting ? (
                <InputAdornment position="end">
                  <CircularProgress size={18} aria-hidden />
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      </Box>
      <Typography
        id={statusId}
        role="status"
        variant="body2"
        color={typed.kind === 'too-long' || search.error ? 'error' : 'text.secondary'}
        sx={{ mt: 1, minHeight: '1.5em' }}
      >
        {status}
      </Typography>
      {results.length > 0 ? (
        <MemberList label="検索結果">
          {results.map((result) => (
            <MemberRow
              key={result.userId}
              member={result}
              detail={
                relationOf(result.state).label ? (
                  <Typography variant="caption" color="primary">
                    {relationOf(result.state).label}
                  </Typography>
                ) : undefined
              }
              actions={<RelationActions member={result} state={result.state} onAction={onAction} busy={busy} />}
            />
          ))}
        </MemberList>
      ) : null}
    </Paper>
  );
}
