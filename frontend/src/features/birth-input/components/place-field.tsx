import { memo, useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';

import { MAX_PLACE_SUGGESTIONS, PLACE_SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { resolvePlace } from '@/features/birth-input/api/get-coordinates';
import { usePlaceSearch } from '@/features/birth-input/api/search-places';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { ChosenPlace } from '@/lib/birth-data';

type PlaceFieldProps = {
  label: string;
  helperText?: string;
  /** The chosen place, or null while none is chosen (typing clears a previous choice). */
  value: ChosenPlace | null;
  onChange: (place: ChosenPlace | null) => void;
  /** True while the coordinates of a just-chosen place are being looked up. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
};

/**
 * A place combobox (spec §5): searches 300 ms after typing stops, an empty text clears the list, at most
 * five suggestions, '検索中...' while searching. Choosing one looks up its coordinates; search and lookup
 * failures are silent.
 */
export const PlaceField = memo(function PlaceField({
  label,
  helperText,
  value,
  onChange,
  onBusyChange,
  disabled,
}: PlaceFieldProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const helperId = `${id}-helper`;
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState(value?.label ?? '');
  /** Only text the user typed is searched: showing a chosen place's label must not reopen the list. */
  const [typed, setTyped] = useState(false);
  const [focused, setFocused] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [resolving, setResolving] = useState(false);

  const query = typed ? text.trim() : '';
  const debouncedQuery = useDebouncedValue(query, PLACE_SEARCH_DEBOUNCE_MS);
  // An emptied field clears at once instead of waiting for the debounce.
  const searchQuery = query === '' ? '' : debouncedQuery;
  const { data, error, isLoading } = usePlaceSearch(searchQuery);
  const suggestions = error ? [] : (data?.suggestions ?? []).slice(0, MAX_PLACE_SUGGESTIONS);

  const searching = searchQuery !== '' && isLoading;
  const showEmpty = searchQuery !== '' && !isLoading && !error && data !== undefined && suggestions.length === 0;
  const open = focused && searchQuery !== '' && (searching || suggestions.length > 0 || showEmpty);

  const setBusy = (busy: boolean) => {
    setResolving(busy);
    onBusyChange?.(busy);
  };

  const choose = async (suggestion: string) => {
    setText(suggestion);
    setTyped(false);
    setActiveIndex(-1);
    setBusy(true);
    const place = await resolvePlace(suggestion);
    setText(place.label);
    onChange(place);
    setBusy(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (!open || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      const suggestion = suggestions[activeIndex];
      if (suggestion !== undefined) void choose(suggestion);
    } else if (event.key === 'Escape') {
      setTyped(false);
    }
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <FormControl fullWidth disabled={disabled}>
        <InputLabel htmlFor={inputId}>{label}</InputLabel>
        <OutlinedInput
          id={inputId}
          label={label}
          value={text}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setTyped(true);
            setActiveIndex(-1);
            if (value !== null) onChange(null);
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
          inputProps={{
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': open ? listboxId : undefined,
            'aria-activedescendant': open && activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined,
            'aria-describedby': helperText ? helperId : undefined,
          }}
          endAdornment={
            resolving ? (
              <InputAdornment position="end">
                <CircularProgress size={18} aria-label="位置情報を取得中" />
              </InputAdornment>
            ) : undefined
          }
        />
        {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
      </FormControl>
      {open ? (
        <Paper
          elevation={8}
          sx={{ position: 'absolute', zIndex: 'modal', left: 0, right: 0, top: 58, overflow: 'hidden' }}
        >
          {searching ? (
            <Box role="status" sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
              検索中...
            </Box>
          ) : showEmpty ? (
            <Box role="status" sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
              候補が見つかりません
            </Box>
          ) : (
            <Box component="ul" role="listbox" id={listboxId} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {suggestions.map((suggestion, index) => (
                <Box
                  component="li"
                  key={`${index}-${suggestion}`}
                  id={`${listboxId}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  // Keep focus in the input so blur does not close the list before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void choose(suggestion)}
                  sx={{
                    px: 2,
                    py: 1.25,
                    cursor: 'pointer',
                    bgcolor: index === activeIndex ? 'action.selected' : undefined,
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  {suggestion}
                </Box>
              ))}
            </Box>
          )}
        </Paper>
      ) : null}
    </Box>
  );
});
