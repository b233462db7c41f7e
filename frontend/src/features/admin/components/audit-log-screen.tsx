import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useNavigate, useSearchParams } from 'react-router';

import { LoadErrorBlock } from '@/components/ui/load-state';
import { useAuditPage } from '@/features/admin/api/audit';
import { useStaff } from '@/features/admin/api/tickets';
import { AuditFilterBar } from '@/features/admin/components/audit-filter-bar';
import { AuditGrid } from '@/features/admin/components/audit-grid';
import { PAGE_SIZES } from '@/features/admin/utils/server-paged-grid';
import {
  auditFiltersFromSearch,
  auditFiltersToSearch,
  auditQuery,
  type AuditFilters,
} from '@/features/admin/utils/audit-filters';
import { cursorOf, firstPage, pagesFor, turnPage } from '@/features/admin/utils/cursor-pages';
import { errorMessageFor } from '@/lib/api-client';

const LOAD_FAILED = '監査ログを読み込めませんでした';

/**
 * /admin/audit-log: what staff did, newest first, one page at a time. The filters live in the URL, so a
 * filtered log can be linked to; the page → cursor map lives here and starts again at the first page
 * whenever the filters or the page size change (as the inbox's does).
 */
export function AuditLogScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => auditFiltersFromSearch(params), [params]);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);

  const pagingKey = `${auditFiltersToSearch(filters).toString()}|${pageSize}`;
  const [storedPages, setPages] = useState(() => firstPage(pagingKey));
  const pages = pagesFor(storedPages, pagingKey);

  const list = useAuditPage(auditQuery(filters, cursorOf(pages), pageSize));
  const staff = useStaff();
  const shown = list.data;
  const fresh = list.isLoading ? undefined : list.data;

  const setFilters = useCallback(
    (next: AuditFilters) => setParams(auditFiltersToSearch(next), { replace: true }),
    [setParams],
  );

  const changePage = (model: GridPaginationModel) => {
    if (model.pageSize !== pageSize) {
      setPageSize(model.pageSize);
      return;
    }
    setPages(turnPage(pages, model.page, fresh?.nextCursor ?? null));
  };

  const open = useCallback((href: string) => void navigate(href), [navigate]);

  return (
    <Box
      component="main"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
    >
      <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' } }}>
        監査ログ
      </Typography>
      <AuditFilterBar filters={filters} onChange={setFilters} staff={staff.data?.staff} />
      {list.error && shown ? <Alert severity="error">{errorMessageFor(list.error, LOAD_FAILED)}</Alert> : null}
      {list.error && !shown ? (
        <LoadErrorBlock message={errorMessageFor(list.error, LOAD_FAILED)} onRetry={() => void list.mutate()} />
      ) : (
        <AuditGrid
          entries={shown?.entries ?? []}
          loading={list.isLoading}
          paginationModel={{ page: pages.page, pageSize }}
          hasNextPage={(shown?.nextCursor ?? null) !== null}
          onPaginationModelChange={changePage}
          onOpen={open}
          staff={staff.data?.staff}
        />
      )}
    </Box>
  );
}
