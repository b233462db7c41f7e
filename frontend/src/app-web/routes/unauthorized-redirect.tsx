import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast/toast-store';
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';

/** A signed-out visit to home: tell the visitor and return to the landing page (spec §2, §6). */
export default function UnauthorizedRedirectRoute() {
  const navigate = useNavigate();
  const announced = useRef(false);

  useEffect(() => {
    if (!announced.current) {
      announced.current = true;
      toast({ variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Redirecting...' });
    }
    const timer = setTimeout(() => void navigate(paths.landing, { replace: true }), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return <PageSpinner />;
}
