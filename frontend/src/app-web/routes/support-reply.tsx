import { useParams } from 'react-router';

import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ReplyLinkScreen } from '@/features/support/components/reply-link-screen';

/**
 * /support/reply/{token}: the reply link of a staff reply's mail, open signed in or not (spec: "always
 * available", no sign-in); the token is the proof.
 */
export default function SupportReplyRoute() {
  const { token = '' } = useParams();
  const auth = useAuth();
  return <ReplyLinkScreen key={token} token={token} signedIn={auth.status === 'signed-in'} frame={AuthLayout} />;
}
