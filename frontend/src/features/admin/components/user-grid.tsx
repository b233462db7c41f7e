import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
} from '@mui/x-data-grid';

import type { AdminMember } from '@/features/admin/api/types';
import { NO_USERNAME } from '@/features/admin/utils/labels';
import { formatDate } from '@/lib/dates';
import { pagedLocaleText, pagedRowCount, SERVER_PAGED_GRID } from '@/features/admin/utils/server-paged-grid';

const LOCALE_TEXT = pagedLocaleText('該当する会員はいません');

type UserGridProps = {
  users: readonly AdminMember[];
  loading: boolean;
  paginationModel: GridPaginationModel;
  /** Whether the gateway has a page after this one (it does not say how many members there are in all). */
  hasNextPage: boolean;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  onOpen: (userId: string) => void;
};

/**
 * One page of members in MUI X's Data Grid, as the inbox's grid: paged by the server with opaque cursors (the
 * row count is -1 until the last page), newest sign-up first as the gateway sorts (no column sort), searched by
 * the box above it. A click on a row or Enter on one of its cells opens the member.
 */
export function UserGrid({ users, loading, paginationModel, hasNextPage, onPaginationModelChange, onOpen }: UserGridProps) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<AdminMember>[]>(
    () => [
      {
        field: 'username',
        headerName: 'ユーザー名',
        flex: 1,
        minWidth: narrow ? 110 : 140,
        valueGetter: (_value, row) => row.username ?? NO_USERNAME,
      },
      {
        field: 'email',
        headerName: 'メールアドレス',
        flex: 1.5,
        minWidth: narrow ? 140 : 200,
        valueGetter: (_value, row) => (row.email === '' ? '—' : row.email),
      },
      {
        field: 'emailVerified',
        headerName: 'メール認証',
        width: 100,
        valueGetter: (_value, row) => (row.emailVerified ? '済' : '未'),
      },
      {
        field: 'createdAt',
        headerName: '登録日',
        minWidth: 140,
        valueFormatter: (value: string) => formatDate(new Date(value), 'date'),
      },
      {
        field: 'deletedAt',
        headerName: '状態',
        width: 96,
        renderCell: ({ row }) =>
          row.deletedAt === null ? null : <Chip size="small" variant="outlined" label="退会済み" />,
      },
    ],
    [narrow],
  );

  // On a phone the grid keeps who the member is and whether they have left, narrower, without scrolling.
  const visibility = useMemo<GridColumnVisibilityModel>(
    () => ({ emailVerified: !narrow, createdAt: !narrow }),
    [narrow],
  );

  // As the inbox: the total is known on the last page only, and both numbers come from the same page.
  const rowCount = pagedRowCount(hasNextPage, paginationModel, users.length);

  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid
        aria-label="会員一覧"
        rows={users}
        columns={columns}
        columnVisibilityModel={visibility}
        loading={loading}
        localeText={LOCALE_TEXT}
        {...SERVER_PAGED_GRID}
        rowCount={rowCount}
        paginationMeta={{ hasNextPage }}
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        getRowClassName={({ row }) => (row.deletedAt === null ? '' : 'user-deleted')}
        onRowClick={({ row }) => onOpen(row.id)}
        onCellKeyDown={({ row }, event) => {
          if (event.key === 'Enter') onOpen(row.id);
        }}
        sx={{
          bgcolor: 'background.paper',
          '& .MuiDataGrid-row': { cursor: 'pointer' },
          '& .user-deleted': { color: 'text.secondary' },
        }}
      />
    </Box>
  );
}
