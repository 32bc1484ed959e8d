import { AdminLogin, type AdminLoginProps } from '@/components/admin-session/AdminLogin';
import { ThemedAntd } from '@/components/ui/ThemedAntd';

/**
 * The admin login as Record Match shows it when recording needs a recorder key. A chunk of its
 * own, with antd's theme: a site where anyone records never downloads it.
 */
export default function RecorderLogin(props: AdminLoginProps) {
  return (
    <ThemedAntd>
      <AdminLogin {...props} />
    </ThemedAntd>
  );
}
