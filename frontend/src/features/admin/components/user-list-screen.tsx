import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { LoadErrorBlock } from '@/components/ui/load-state';
import { adminPaths } from '@/config/admin-paths';
import { useUserPage } from '@/features/admin/api/users';
import { UserGrid } from '@/features/admin/components/user-grid';
import { PAGE_SIZES } from '@/features/admin/utils/server-paged-grid';
import { UserSearchBar } from '@/features/admin/components/user-search-bar';
import { cursorOf, firstPage, pagesFor, turnPage } from '@/features/admin/utils/cursor-pages';
import { searchFromParams, searchToParams, userListQuery, type UserListState } from '@/features/admin/utils/user-search';
import { errorMessageFor } from '@/lib/api-client';

/**
 * /admin/users: the members, newest sign-up first (deleted accounts included), searched by id, e-mail or
 * username. The search lives in the URL (`?q=`), so it can be linked to and is still there on the way back
 * from a member; the page → cursor map lives here and starts again whenever the search or page size change.
 */
export function UserListScreen() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const q = searchFromParams(params);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);

  const pagingKey = `${q}|${pageSize}`;
  const [storedPages, setPages] = useState(() => firstPage(pagingKey));
  const pages = pagesFor(storedPages, pagingKey);

  const list = useUserPage(userListQuery(q, cursorOf(pages), pageSize));
  // While another page loads the grid keeps the rows it shows; only this page's answer may hand on its cursor.
  const shown = list.data;
  const fresh = list.isLoading ? undefined : list.data;

  const setSearch = useCallback((next: string) => setParams(searchToParams(next), { replace: true }), [setParams]);

  const changePage = (model: GridPaginationModel) => {
    if (model.pageSize !== pageSize) {
      setPageSize(model.pageSize);
      return;
    }
    setPages(turnPage(pages, model.page, fresh?.nextCursor ?? null));
  };

  const openUser = useCallback(
    (userId: string) => {
      const state: UserListState = { listSearch: search };
      void navigate(adminPaths.user.href(userId), { state });
    },
    [navigate, search],
  );

  return (
    <Box
      component="main"
      // One column that may be narrower than its content: the grid scrolls sideways inside it on a phone.
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
    >
      <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' } }}>
        ユーザー
      </Typography>
      <UserSearchBar q={q} onSearch={setSearch} />
      {list.error && shown ? (
        <Alert severity="error">{errorMessageFor(list.error, '会員を読み込めませんでした')}</Alert>
      ) : null}
      {list.error && !shown ? (
        <LoadErrorBlock message={errorMessageFor(list.error, '会員を読み込めませんでした')} onRetry={() => void list.mutate()} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            行をクリックするか、矢印キーで選んで Enter を押すと開きます
          </Typography>
          <UserGrid
            users={shown?.users ?? []}
            loading={list.isLoading}
            paginationModel={{ page: pages.page, pageSize }}
            hasNextPage={(shown?.nextCursor ?? null) !== null}
            onPaginationModelChange={changePage}
            onOpen={openUser}
          />
        </>
      )}
    </Box>
  );
}
