import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { userKey } from '@/features/auth/api/get-user';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useEndSession } from '@/features/auth/hooks/use-end-session';
import { PlaceField } from '@/features/birth-input/components/place-field';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { SupportSection } from '@/features/support/components/support-section';

/** /settings: the settings feature, given the current user, the place field, the logout button and the support section. */
export default function SettingsRoute() {
  const auth = useAuth();
  const { mutate } = useSWRConfig();
  const endSession = useEndSession();

  const refreshUser = useCallback(() => void mutate(userKey()), [mutate]);
  const leave = useCallback(() => endSession(paths.accountDeleted), [endSession]);

  if (auth.status !== 'signed-in') return <PageSpinner />;

  return (
    <SettingsScreen
      account={auth.user}
      onAccountChanged={refreshUser}
      onAccountDeleted={leave}
      placeField={PlaceField}
      logoutButton={<LogoutButton />}
      supportSection={<SupportSection />}
    />
  );
}
