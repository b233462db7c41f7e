import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function DiaryRoute() {
  return <PlaceholderScreen title="日記" />;
}
