import { useSearchParams } from 'react-router';

import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';

/** /auth/verify?email=…: signup and an unverified login hand the address over in the query. */
export default function VerifyRoute() {
  const [params] = useSearchParams();
  return <VerifyEmailForm initialEmail={params.get('email') ?? ''} />;
}
