import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DiaryScreen } from '@/features/diary/components/diary-screen';

/** /diary: the diary of the signed-in member (their id keeps their draft apart). */
export default function DiaryRoute() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;
  return <DiaryScreen userId={auth.user.id} />;
}
