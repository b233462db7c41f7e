import { useParams } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DiaryEntryScreen } from '@/features/diary/components/diary-entry-screen';

/** /diary/{id}: one entry, the member's own or one that mentions them. */
export default function DiaryEntryRoute() {
  const auth = useAuth();
  const { id = '' } = useParams();
  if (auth.status !== 'signed-in') return <PageSpinner />;
  return <DiaryEntryScreen id={id} userId={auth.user.id} />;
}
