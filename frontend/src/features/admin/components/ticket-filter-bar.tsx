import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

import type { StaffMember } from '@/features/admin/api/types';
import { NO_FILTERS, SEARCH_MAX, type InboxFilters } from '@/features/admin/utils/inbox-filters';
import { PRIORITY_LABELS, TICKET_PRIORITIES, isTicketPriority } from '@/features/admin/utils/labels';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** The search box sends its text this long after typing stops. */
export const SEARCH_DEBOUNCE_MS = 300;

type TicketFilterBarProps = {
  filters: InboxFilters;
  onChange: (filters: InboxFilters) => void;
  staff: readonly StaffMember[] | undefined;
  myId: string;
};

/**
 * The inbox's filters besides the status tabs: priority, assignee (全員 / 自分 / 未割り当て / one staff
 * member) and text in the subject. Each goes to the gateway as a query parameter; the grid does no filtering
 * of its own. Native selects: quick on a phone and plain to the keyboard.
 */
export function TicketFilterBar({ filters, onChange, staff, myId }: TicketFilterBarProps) {
  const [text, setText] = useState(filters.q);
  const typed = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  // Only a change of the typed text searches: another filter changing meanwhile must not send the text again
  // (after 条件をクリア, the text from before the clear is still the debounced one for a moment).
  const lastTyped = useRef(typed);
  useEffect(() => {
    if (typed === lastTyped.current) return;
    lastTyped.current = typed;
    if (typed.trim() !== filters.q.trim()) onChange({ ...filters, q: typed });
  }, [typed, filters, onChange]);

  const filtered = filters.priority !== null || filters.assignee !== null || filters.q !== '' || text !== '';

  return (
    <Box
      role="search"
      aria-label="お問い合わせの絞り込み"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <TextField
        label="件名で検索"
        type="search"
        size="small"
        value={text}
        onChange={(event) => setText([...event.target.value].slice(0, SEARCH_MAX).join(''))}
        sx={{ flex: '1 1 220px' }}
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
      <TextField
        select
        label="優先度"
        size="small"
        value={filters.priority ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ ...filters, priority: isTicketPriority(value) ? value : null });
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flex: '0 1 140px' }}
      >
        <option value="">すべて</option>
        {TICKET_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {PRIORITY_LABELS[priority]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="担当"
        size="small"
        value={filters.assignee ?? ''}
        onChange={(event) => onChange({ ...filters, assignee: event.target.value === '' ? null : event.target.value })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flex: '0 1 240px' }}
      >
        <option value="">全員</option>
        <option value="me">自分</option>
        <option value="none">未割り当て</option>
        {(staff ?? []).map((member) => (
          <option key={member.id} value={member.id}>
            {`${member.email}${member.id === myId ? '（自分）' : member.isActive ? '' : '（無効）'}`}
          </option>
        ))}
        {/* A staff id from the URL that the list does not (yet) have stays selectable rather than vanishing. */}
        {filters.assignee !== null &&
        !['me', 'none'].includes(filters.assignee) &&
        staff !== undefined &&
        !staff.some((member) => member.id === filters.assignee) ? (
          <option value={filters.assignee}>不明なスタッフ</option>
        ) : null}
      </TextField>
      {filtered ? (
        <Button
          size="small"
          onClick={() => {
            setText('');
            onChange({ ...NO_FILTERS, status: filters.status });
          }}
        >
          条件をクリア
        </Button>
      ) : null}
    </Box>
  );
}
