/**
 * What the admin build's server-paged Data Grids (the inbox, the members, the audit log) share: the page sizes,
 * the Japanese texts, the row count rule and the props that hand paging to the gateway's opaque cursors.
 */
import type { GridLocaleText, GridPaginationModel } from '@mui/x-data-grid';
import { jaJP } from '@mui/x-data-grid/locales';

export const PAGE_SIZES = [25, 50, 100] as const;

/** The grid's Japanese texts, with the two an admin list says better: no rows (`empty`), and which rows of how many. */
export function pagedLocaleText(empty: string): Partial<GridLocaleText> {
  return {
    ...jaJP.components.MuiDataGrid.defaultProps.localeText,
    noRowsLabel: empty,
    noResultsOverlayLabel: empty,
    paginationDisplayedRows: ({ from, to, count }) => `${from}–${to}件 / ${count === -1 ? `${to}件以上` : `全${count}件`}`,
  };
}

/**
 * The last page tells the total; until then it is unknown (-1) and the footer says "n件以上". Both come from the
 * same page, so the grid never meets `hasNextPage: false` with an unknown count (it would then fix a count of its
 * own and keep it when the next filter has more pages).
 */
export function pagedRowCount(hasNextPage: boolean, model: GridPaginationModel, shown: number): number {
  return hasNextPage ? -1 : model.page * model.pageSize + shown;
}

/**
 * Paged by the server, sorted by the server (a column sort would only reorder one page), filtered by the screen's
 * own filter bar. A page holds at most 100 rows: all of them are rendered, which also lets jsdom tests see them.
 */
export const SERVER_PAGED_GRID = {
  autoHeight: true,
  disableColumnMenu: true,
  disableColumnSorting: true,
  disableColumnFilter: true,
  disableRowSelectionOnClick: true,
  disableVirtualization: true,
  paginationMode: 'server',
  pageSizeOptions: [...PAGE_SIZES],
} as const;
