import { useSearchParams } from 'react-router';

import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { UnsubscribeResult } from '@/features/settings/components/unsubscribe-result';

/** /unsubscribe?token=…: the unsubscribe link of a notification mail, open signed in or not. */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const auth = useAuth();
  return <UnsubscribeResult token={params.get('token')} signedIn={auth.status === 'signed-in'} frame={AuthLayout} />;
}
