import { AuditLogScreen } from '@/features/admin/components/audit-log-screen';

export default function AdminAuditLogRoute() {
  return <AuditLogScreen />;
}
