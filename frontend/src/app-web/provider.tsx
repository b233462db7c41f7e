import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SWRConfig, useSWRConfig } from 'swr';

import { BaseProviders } from '@/components/providers/base-providers';
import { paths } from '@/config/paths';
import { userKey } from '@/features/auth/api/get-user';
import { isApiError } from '@/lib/api-client';

/**
 * A 401 from any data call means the session ended: mark the user signed out (which switches the route
 * set) and go to login. The current-user call itself treats 401 as "signed out" and never lands here.
 * swr hands mutation errors (`useSWRMutation`) to this handler too; a 401 that names another cause
 * (`WRONG_PASSWORD` when a settings change asks for the password, `INVALID_CREDENTIALS` at login) is
 * the form's business and leaves the session alone.
 */
function SessionExpiryHandler({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  const onError = useCallback(
    (error: unknown, key: string) => {
      if (!isApiError(error) || error.status !== 401 || key === userKey()) return;
      if (error.code !== undefined && error.code !== 'UNAUTHENTICATED') return;
      void mutate(userKey(), null, { revalidate: false });
      void navigate(paths.auth.login);
    },
    [mutate, navigate],
  );

  return <SWRConfig value={{ onError }}>{children}</SWRConfig>;
}

/** Providers of the app build. Must sit inside a router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      <SessionExpiryHandler>{children}</SessionExpiryHandler>
    </BaseProviders>
  );
}
