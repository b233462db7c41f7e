import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useNavigate, useSearchParams } from 'react-router';

import { LoadErrorBlock } from '@/components/ui/load-state';
import { adminPaths } from '@/config/admin-paths';
import { useStaff, useTicketPage } from '@/features/admin/api/tickets';
import type { AdminTicketPage, TicketStatus } from '@/features/admin/api/types';
import { TicketFilterBar } from '@/features/admin/components/ticket-filter-bar';
import { TicketGrid } from '@/features/admin/components/ticket-grid';
import { PAGE_SIZES } from '@/features/admin/utils/server-paged-grid';
import { useSignedInAdmin } from '@/features/admin/hooks/use-signed-in-admin';
import { cursorOf, firstPage, pagesFor, turnPage } from '@/features/admin/utils/cursor-pages';
import {
  filtersFromSearch,
  filtersToSearch,
  ticketListQuery,
  type InboxFilters,
} from '@/features/admin/utils/inbox-filters';
import { STATUS_LABELS, isTicketStatus } from '@/features/admin/utils/labels';
import { errorMessageFor } from '@/lib/api-client';

const ALL = 'all';

function countOf(counts: AdminTicketPage['counts'] | undefined, status: TicketStatus): number | undefined {
  if (!counts) return undefined;
  return status === 'open' ? counts.open : status === 'in_progress' ? counts.inProgress : counts.closed;
}

/**
 * /admin/tickets: the support inbox. Status tabs with the gateway's counts (受付中 / 対応中 / 完了), the
 * filter bar, and the grid of one page at a time, newest activity first. The filters live in the URL; the
 * page → cursor map lives here and starts again whenever the filters or the page size change.
 */
export function TicketInbox() {
  const { session } = useSignedInAdmin();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);

  const pagingKey = `${filtersToSearch(filters).toString()}|${pageSize}`;
  const [storedPages, setPages] = useState(() => firstPage(pagingKey));
  const pages = pagesFor(storedPages, pagingKey);

  const list = useTicketPage(ticketListQuery(filters, cursorOf(pages), pageSize));
  const staff = useStaff();
  // While another page loads the grid keeps the rows it shows (swr's keepPreviousData); only a page that is
  // this one's may hand on its next cursor.
  const shown = list.data;
  const fresh = list.isLoading ? undefined : list.data;

  const setFilters = useCallback(
    (next: InboxFilters) => setParams(filtersToSearch(next), { replace: true }),
    [setParams],
  );

  const changePage = (model: GridPaginationModel) => {
    if (model.pageSize !== pageSize) {
      setPageSize(model.pageSize);
      return;
    }
    setPages(turnPage(pages, model.page, fresh?.nextCursor ?? null));
  };

  const openTicket = useCallback((ticketId: string) => void navigate(adminPaths.ticket.href(ticketId)), [navigate]);

  return (
    <Box
      component="main"
      // One column that may be narrower than its content: the grid scrolls sideways inside it on a phone.
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
    >
      <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' } }}>
        お問い合わせ
      </Typography>
      <Tabs
        value={filters.status ?? ALL}
        onChange={(_event, value: string) => setFilters({ ...filters, status: isTicketStatus(value) ? value : null })}
        aria-label="ステータスで絞り込む"
        variant="scrollable"
      >
        <Tab value={ALL} label="すべて" />
        {(['open', 'in_progress', 'closed'] as const).map((status) => {
          const count = countOf(shown?.counts, status);
          return (
            <Tab
              key={status}
              value={status}
              label={count === undefined ? STATUS_LABELS[status] : `${STATUS_LABELS[status]} ${count}`}
            />
          );
        })}
      </Tabs>
      <TicketFilterBar filters={filters} onChange={setFilters} staff={staff.data?.staff} myId={session.admin.id} />
      {list.error && shown ? (
        <Alert severity="error">{errorMessageFor(list.error, 'お問い合わせを読み込めませんでした')}</Alert>
      ) : null}
      {list.error && !shown ? (
        <LoadErrorBlock
          message={errorMessageFor(list.error, 'お問い合わせを読み込めませんでした')}
          onRetry={() => void list.mutate()}
        />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            行をクリックするか、矢印キーで選んで Enter を押すと開きます
          </Typography>
          <TicketGrid
            tickets={shown?.tickets ?? []}
            loading={list.isLoading}
            paginationModel={{ page: pages.page, pageSize }}
            hasNextPage={(shown?.nextCursor ?? null) !== null}
            onPaginationModelChange={changePage}
            onOpen={openTicket}
            staff={staff.data?.staff}
            myId={session.admin.id}
          />
        </>
      )}
    </Box>
  );
}
