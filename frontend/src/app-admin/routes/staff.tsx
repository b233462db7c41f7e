import { StaffScreen } from '@/features/admin/components/staff-screen';

export default function AdminStaffRoute() {
  return <StaffScreen />;
}
