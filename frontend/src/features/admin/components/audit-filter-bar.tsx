import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

import type { StaffMember } from '@/features/admin/api/types';
import {
  isFiltered,
  isIsoDay,
  isPeriodReversed,
  NO_AUDIT_FILTERS,
  type AuditFilters,
} from '@/features/admin/utils/audit-filters';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_LABELS,
  AUDIT_TARGET_TYPES,
  isAuditAction,
  isAuditTargetType,
} from '@/features/admin/utils/labels';
import { isUuid } from '@/lib/ids';

const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

type AuditFilterBarProps = {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  staff: readonly StaffMember[] | undefined;
};

/**
 * The audit log's filters: who (a staff member), what (an action), on what (a target type and an id) and
 * when (a period of Japan days, both ends inclusive). Each goes to the gateway as its query parameter. The id
 * is sent once it is a whole UUID (typing one does not send every prefix) and a day once the date input has
 * a whole one; the selects are native, quick on a phone and plain to the keyboard.
 */
export function AuditFilterBar({ filters, onChange, staff }: AuditFilterBarProps) {
  const [idText, setIdText] = useState(filters.targetId ?? '');
  // The id in the URL may change without this field (a link, the navigation back to the whole log): the field
  // then shows it, unless it already says the same.
  const [shownId, setShownId] = useState(filters.targetId);
  if (filters.targetId !== shownId) {
    setShownId(filters.targetId);
    if ((idText.trim().toLowerCase() || null) !== filters.targetId) setIdText(filters.targetId ?? '');
  }
  const idTrimmed = idText.trim();
  const idInvalid = idTrimmed !== '' && !isUuid(idTrimmed);

  const changeId = (text: string) => {
    setIdText(text);
    const trimmed = text.trim().toLowerCase();
    const targetId = trimmed === '' ? null : isUuid(trimmed) ? trimmed : undefined;
    if (targetId !== undefined && targetId !== filters.targetId) onChange({ ...filters, targetId });
  };

  const changeDay = (end: 'from' | 'to', value: string) => {
    const day = value === '' ? null : isIsoDay(value) ? value : undefined;
    if (day !== undefined && day !== filters[end]) onChange({ ...filters, [end]: day });
  };

  const reversed = isPeriodReversed(filters);

  return (
    <Box
      role="search"
      aria-label="監査ログの絞り込み"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <TextField
        select
        label="スタッフ"
        size="small"
        value={filters.actor ?? ''}
        onChange={(event) => onChange({ ...filters, actor: event.target.value === '' ? null : event.target.value })}
        slotProps={NATIVE_SELECT}
        sx={{ flex: '1 1 220px' }}
      >
        <option value="">すべて</option>
        {(staff ?? []).map((member) => (
          <option key={member.id} value={member.id}>
            {`${member.email}${member.isActive ? '' : '（無効）'}`}
          </option>
        ))}
        {/* A staff id from the URL that the list does not (yet) have stays selectable rather than vanishing. */}
        {filters.actor !== null && staff !== undefined && !staff.some((member) => member.id === filters.actor) ? (
          <option value={filters.actor}>不明なスタッフ</option>
        ) : null}
      </TextField>
      <TextField
        select
        label="操作"
        size="small"
        value={filters.action ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ ...filters, action: isAuditAction(value) ? value : null });
        }}
        slotProps={NATIVE_SELECT}
        sx={{ flex: '1 1 170px' }}
      >
        <option value="">すべて</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {AUDIT_ACTION_LABELS[action]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="対象の種類"
        size="small"
        value={filters.targetType ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ ...filters, targetType: isAuditTargetType(value) ? value : null });
        }}
        slotProps={NATIVE_SELECT}
        sx={{ flex: '1 1 140px' }}
      >
        <option value="">すべて</option>
        {AUDIT_TARGET_TYPES.map((type) => (
          <option key={type} value={type}>
            {AUDIT_TARGET_LABELS[type]}
          </option>
        ))}
      </TextField>
      <TextField
        label="対象ID"
        size="small"
        value={idText}
        onChange={(event) => changeId(event.target.value)}
        error={idInvalid}
        helperText={idInvalid ? 'UUIDの形式で入力してください' : undefined}
        placeholder="0193d2b0-…"
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', maxLength: 40 } }}
        sx={{ flex: '2 1 300px' }}
      />
      <TextField
        label="期間（開始）"
        type="date"
        size="small"
        value={filters.from ?? ''}
        onChange={(event) => changeDay('from', event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to ?? undefined } }}
        sx={{ flex: '1 1 160px' }}
      />
      <TextField
        label="期間（終了）"
        type="date"
        size="small"
        value={filters.to ?? ''}
        onChange={(event) => changeDay('to', event.target.value)}
        error={reversed}
        helperText={reversed ? '終了日は開始日以降にしてください' : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from ?? undefined } }}
        sx={{ flex: '1 1 160px' }}
      />
      {isFiltered(filters) || idText !== '' ? (
        <Button
          size="small"
          sx={{ alignSelf: 'center' }}
          onClick={() => {
            setIdText('');
            onChange(NO_AUDIT_FILTERS);
          }}
        >
          条件をクリア
        </Button>
      ) : null}
    </Box>
  );
}
