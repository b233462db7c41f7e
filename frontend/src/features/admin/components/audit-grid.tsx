import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
} from '@mui/x-data-grid';

import { Link } from '@/components/ui/link';
import type { AuditEntry, StaffMember } from '@/features/admin/api/types';
import { auditChangeText } from '@/features/admin/utils/audit-changes';
import { auditTarget } from '@/features/admin/utils/audit-targets';
import { AUDIT_ACTION_LABELS, isAuditAction } from '@/features/admin/utils/labels';
import { formatDateInJapan } from '@/lib/dates';
import { pagedLocaleText, pagedRowCount, SERVER_PAGED_GRID } from '@/features/admin/utils/server-paged-grid';

const LOCALE_TEXT = pagedLocaleText('該当する記録はありません');

/** An action in the screens' words (one this build does not know yet, as it came). */
export function actionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

type AuditGridProps = {
  entries: readonly AuditEntry[];
  loading: boolean;
  paginationModel: GridPaginationModel;
  /** Whether the gateway has a page after this one (it does not say how many entries there are in all). */
  hasNextPage: boolean;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** Opens a target's screen (Enter on a row whose target has one). */
  onOpen: (href: string) => void;
  staff: readonly StaffMember[] | undefined;
};

/**
 * One page of the audit log in MUI X's Data Grid, as the inbox pages (server paging by cursor, the total
 * unknown until the last page, no column sort or filter of its own). Times are Japan time, as the log's days
 * are. The target is a link; with the keyboard, the arrow keys move between cells and Enter opens the row's
 * target. On a phone the change and the reason step aside for what identifies an entry.
 */
export function AuditGrid({
  entries,
  loading,
  paginationModel,
  hasNextPage,
  onPaginationModelChange,
  onOpen,
  staff,
}: AuditGridProps) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      {
        field: 'at',
        headerName: '日時',
        minWidth: 165,
        valueFormatter: (value: string) => formatDateInJapan(new Date(value), 'dateTime'),
      },
      {
        field: 'actor',
        headerName: 'スタッフ',
        flex: 1,
        minWidth: 180,
        valueGetter: (_value, row) => row.actor.email,
      },
      {
        field: 'action',
        headerName: '操作',
        width: 140,
        valueGetter: (_value, row) => actionLabel(row.action),
      },
      {
        field: 'target',
        headerName: '対象',
        flex: 1,
        minWidth: 200,
        valueGetter: (_value, row) => {
          const target = auditTarget(row, staff);
          return `${target.kind} ${target.name}`.trim();
        },
        // The link is tabbable only while its cell has the focus (the grid moves the focus with the arrow keys).
        renderCell: ({ row, hasFocus }) => {
          const target = auditTarget(row, staff);
          return (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0, height: '100%' }}>
              <Typography variant="body2" color="text.secondary" component="span">
                {target.kind}
              </Typography>
              {target.href === null ? (
                <Typography variant="body2" component="span" noWrap title={target.id ?? undefined}>
                  {target.name}
                </Typography>
              ) : (
                <Link to={target.href} variant="body2" noWrap title={target.id ?? undefined} tabIndex={hasFocus ? 0 : -1}>
                  {target.name}
                </Link>
              )}
            </Box>
          );
        },
      },
      {
        field: 'change',
        headerName: '変更',
        flex: 1,
        minWidth: 200,
        valueGetter: (_value, row) => auditChangeText(row, staff),
      },
      {
        field: 'reason',
        headerName: '理由',
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => row.reason ?? '',
      },
    ],
    [staff],
  );

  const visibility = useMemo<GridColumnVisibilityModel>(() => ({ change: !narrow, reason: !narrow }), [narrow]);

  // As the inbox: the last page tells the total, until then it is unknown (-1).
  const rowCount = pagedRowCount(hasNextPage, paginationModel, entries.length);

  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid
        aria-label="監査ログ"
        rows={entries}
        columns={columns}
        columnVisibilityModel={visibility}
        loading={loading}
        localeText={LOCALE_TEXT}
        {...SERVER_PAGED_GRID}
        rowCount={rowCount}
        paginationMeta={{ hasNextPage }}
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        onCellKeyDown={({ row }, event) => {
          if (event.key !== 'Enter') return;
          const { href } = auditTarget(row, staff);
          if (href !== null) onOpen(href);
        }}
        sx={{ bgcolor: 'background.paper' }}
      />
    </Box>
  );
}
