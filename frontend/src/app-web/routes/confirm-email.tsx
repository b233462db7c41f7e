import { useSearchParams } from 'react-router';

import { ConfirmEmailChange } from '@/features/auth/components/confirm-email-change';

/** /auth/confirm-email?token=…: the link in the e-mail-change mail, open signed in or not. */
export default function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  return <ConfirmEmailChange token={params.get('token')} />;
}
