import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

import { clipSearch } from '@/features/admin/utils/user-search';

/** The box searches this long after typing stops (Enter searches at once). */
export const USER_SEARCH_DEBOUNCE_MS = 300;

type UserSearchBarProps = {
  /** The search shown now (the URL's). */
  q: string;
  onSearch: (q: string) => void;
};

/**
 * The member search: an id, or text in the e-mail or username (at most 100 characters, the gateway's limit).
 * It searches when typing stops, or at once on Enter or the button.
 */
export function UserSearchBar({ q, onSearch }: UserSearchBarProps) {
  // The text typed and the search it belongs to (the one it was typed over, or the one it sent). When the
  // search changes from elsewhere (the navigation's link to the bare list) the box shows that one instead.
  const [edit, setEdit] = useState({ base: q, text: q });
  const text = edit.base === q ? edit.text : q;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (value: string) => {
    clearTimeout(timer.current);
    const next = value.trim();
    setEdit({ base: next, text: value });
    if (next !== q) onSearch(next);
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="会員の検索"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        send(text);
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <TextField
        label="ID・メールアドレス・ユーザー名で検索"
        type="search"
        size="small"
        value={text}
        onChange={(event) => {
          const value = clipSearch(event.target.value);
          setEdit({ base: q, text: value });
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(value), USER_SEARCH_DEBOUNCE_MS);
        }}
        sx={{ flex: '1 1 260px' }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="outlined">
        検索
      </Button>
    </Box>
  );
}
