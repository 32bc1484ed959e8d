import { Button, Tag } from 'antd';
import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { useKnownAdminSession } from '@/lib/admin-session';
import { AdminNav } from './AdminNav';

/** Who is logged in: the key's name and role, beside Logout. */
export function AdminSessionTag() {
  const session = useKnownAdminSession();
  if (!session) return null;
  return (
    <Tag className="admin-session-tag" title={`Logged in with the key "${session.name}" (${session.role} role)`}>
      <span className="sr-only">Logged in as </span>
      {session.name} · {session.role}
    </Tag>
  );
}

/** The top of every admin screen: its title, who is logged in, the Logout button and the links between the admin screens. */
export function AdminScreenHeader({ title, subtitle, onLogout }: { title: string; subtitle: string; onLogout: () => void }) {
  return (
    <>
      <ScreenHeader
        title={title}
        subtitle={subtitle}
        extra={
          <div className="admin-session">
            <AdminSessionTag />
            <Button onClick={onLogout}>Logout</Button>
          </div>
        }
      />
      <AdminNav />
    </>
  );
}
