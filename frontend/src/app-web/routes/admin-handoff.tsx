import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

import { NotFoundScreen } from '@/components/ui/not-found-screen';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { beginAdminHandoff } from '@/lib/admin-handoff';

/** /admin/* inside the app build: load the page from the server, which serves the admin build there. */
export default function AdminHandoffRoute() {
  const { pathname, search } = useLocation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = `${pathname}${search}`;
    if (beginAdminHandoff(target)) {
      window.location.replace(target);
    } else {
      setFailed(true);
    }
  }, [pathname, search]);

  return failed ? <NotFoundScreen homePath={paths.landing} /> : <FullScreenSpinner />;
}
