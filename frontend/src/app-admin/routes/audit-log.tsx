import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export default function AdminAuditLogRoute() {
  return <PlaceholderScreen title="監査ログ" />;
}
