import Button from '@mui/material/Button';

import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useEndSession } from '@/features/auth/hooks/use-end-session';
import { isApiError } from '@/lib/api-client';

export const LOGOUT_FAILED = 'ログアウトに失敗しました。もう一度お試しください。';

/** Ends the session on the server, forgets it here and goes to the landing page. */
export function LogoutButton() {
  const { trigger, isMutating } = useLogout();
  const endSession = useEndSession();

  const handleLogout = async () => {
    try {
      await trigger();
    } catch (error) {
      // A 401 means the session had already ended: leave all the same.
      if (!isApiError(error) || error.status !== 401) {
        toast({ variant: 'destructive', title: 'エラー', description: LOGOUT_FAILED });
        return;
      }
    }
    toast({ title: 'ログアウトしました', description: 'またのお越しをお待ちしています' });
    endSession(paths.landing);
  };

  return (
    <Button variant="outlined" onClick={() => void handleLogout()} disabled={isMutating}>
      {isMutating ? 'ログアウト中...' : 'ログアウト'}
    </Button>
  );
}
