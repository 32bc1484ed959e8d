import { Button } from 'antd';
import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { AdminNav } from './AdminNav';

/** The top of every admin screen: its title, the Logout button and the links between the admin screens. */
export function AdminScreenHeader({ title, subtitle, onLogout }: { title: string; subtitle: string; onLogout: () => void }) {
  return (
    <>
      <ScreenHeader title={title} subtitle={subtitle} extra={<Button onClick={onLogout}>Logout</Button>} />
      <AdminNav />
    </>
  );
}
