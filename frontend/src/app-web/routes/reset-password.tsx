import { useSearchParams } from 'react-router';

import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password?token=…&email=…: the link in the password-reset mail. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return <ResetPasswordForm token={params.get('token')} email={params.get('email')} />;
}
