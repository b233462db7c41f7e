import { useMemo } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
} from '@mui/x-data-grid';

import type { AdminTicket, StaffMember } from '@/features/admin/api/types';
import { TicketPriorityChip, TicketStatusChip } from '@/features/admin/components/ticket-chips';
import { DELETED_MEMBER } from '@/features/admin/utils/labels';
import { assigneeLabel } from '@/features/admin/utils/staff-names';
import { formatDate } from '@/lib/dates';
import { pagedLocaleText, pagedRowCount, SERVER_PAGED_GRID } from '@/features/admin/utils/server-paged-grid';

const LOCALE_TEXT = pagedLocaleText('該当するお問い合わせはありません');

type TicketGridProps = {
  tickets: readonly AdminTicket[];
  loading: boolean;
  paginationModel: GridPaginationModel;
  /** Whether the gateway has a page after this one (it does not say how many tickets there are in all). */
  hasNextPage: boolean;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  onOpen: (ticketId: string) => void;
  staff: readonly StaffMember[] | undefined;
  myId: string;
};

/**
 * One page of the inbox in MUI X's Data Grid: paged by the server (the total is unknown until the last page,
 * so the row count is -1 with `hasNextPage`), sorted by the server (newest activity first; a column sort would
 * only reorder one page, so there is none), and filtered by the filter bar above it. The grid's own keyboard
 * navigation moves between cells; a click on a row or Enter on one of its cells opens the ticket. Tickets
 * with unread member messages are bold.
 */
export function TicketGrid({
  tickets,
  loading,
  paginationModel,
  hasNextPage,
  onPaginationModelChange,
  onOpen,
  staff,
  myId,
}: TicketGridProps) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<AdminTicket>[]>(
    () => [
      { field: 'subject', headerName: '件名', flex: 2, minWidth: 200 },
      {
        field: 'member',
        headerName: '会員',
        flex: 1,
        minWidth: 130,
        valueGetter: (_value, row) => row.member?.username ?? DELETED_MEMBER,
      },
      {
        field: 'status',
        headerName: 'ステータス',
        width: 110,
        renderCell: ({ row }) => <TicketStatusChip status={row.status} />,
      },
      {
        field: 'priority',
        headerName: '優先度',
        width: 90,
        renderCell: ({ row }) => <TicketPriorityChip priority={row.priority} />,
      },
      {
        field: 'assignedTo',
        headerName: '担当',
        flex: 1,
        minWidth: 150,
        valueGetter: (_value, row) => assigneeLabel(row.assignedTo, myId, staff),
      },
      { field: 'unreadCount', headerName: '未読', type: 'number', width: 70 },
      {
        field: 'lastMessageAt',
        headerName: '最終更新',
        minWidth: 170,
        valueFormatter: (value: string) => formatDate(new Date(value), 'dateTime'),
      },
    ],
    [myId, staff],
  );

  // On a phone the grid keeps what decides which ticket to open first.
  const visibility = useMemo<GridColumnVisibilityModel>(
    () => ({ member: !narrow, assignedTo: !narrow }),
    [narrow],
  );

  // The last page tells the total; until then it is unknown (-1) and the footer says "n件以上". Both come from
  // the same page, so the grid never meets `hasNextPage: false` with an unknown count (it would then fix a
  // count of its own and keep it when the next filter has more pages).
  const rowCount = pagedRowCount(hasNextPage, paginationModel, tickets.length);

  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid
        aria-label="お問い合わせ一覧"
        rows={tickets}
        columns={columns}
        columnVisibilityModel={visibility}
        loading={loading}
        localeText={LOCALE_TEXT}
        {...SERVER_PAGED_GRID}
        rowCount={rowCount}
        paginationMeta={{ hasNextPage }}
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        getRowClassName={({ row }) => (row.unreadCount > 0 ? 'ticket-unread' : '')}
        onRowClick={({ row }) => onOpen(row.id)}
        onCellKeyDown={({ row }, event) => {
          if (event.key === 'Enter') onOpen(row.id);
        }}
        sx={{
          bgcolor: 'background.paper',
          '& .MuiDataGrid-row': { cursor: 'pointer' },
          '& .ticket-unread': { fontWeight: 700 },
        }}
      />
    </Box>
  );
}
