import { StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card } from 'antd';
import type { AdminSessionInfo } from '@team/contracts';
import type { ReactNode } from 'react';
import { AdminLogin } from '@/components/admin-session/AdminLogin';
import { ScreenFallback } from '@/components/ui/ScreenFallback';
import { useAdminSession, type AdminSession } from '@/components/admin-session/use-admin-session';
import { serverErrorMessage } from '@/lib/api';
import { roleRefusal, sessionCovers } from '@/lib/admin-session';
import { ADMIN_SCREENS, type AdminScreen, type AdminScreenId } from './admin-screens';
import { AdminNav } from './AdminNav';
import './admin.css';

export interface AdminGateProps {
  screen: AdminScreenId;
  /** "Admin Login", or "Admin Access Required" (the merge tool, docs/product.md#screens-and-routes). */
  loginTitle?: string;
  /** The toast after a login: "You can now edit content". */
  loginDescription: string;
  children: (session: AdminSession) => ReactNode;
}

/** What a key whose role does not cover the screen sees instead of it. */
function NotAvailable({ screen, session, onLogout }: { screen: AdminScreen; session: AdminSessionInfo; onLogout: () => void }) {
  const needed = screen.role === 'any' ? 'owner' : screen.role;
  return (
    <div className="admin-denied">
      <Card>
        <div className="admin-denied-body">
          <div className="admin-denied-icon" aria-hidden>
            <StopOutlined />
          </div>
          <h1 className="admin-denied-title">Not available with this key</h1>
          <p>{roleRefusal(`The ${screen.label} screen`, needed, session)}</p>
          <p className="muted">Log out to use another key, or open a screen this key can use:</p>
          <AdminNav />
          <div>
            <Button onClick={onLogout}>Logout</Button>
          </div>
        </div>
      </Card>
    </div>
  );
}

/**
 * An admin screen's way in: the login without a stored key; with one, its session (name and
 * role) is read first, and a key whose role does not cover the screen is told so instead of
 * getting a screen whose every call the server would refuse.
 */
export function AdminGate({ screen: id, loginTitle = 'Admin Login', loginDescription, children }: AdminGateProps) {
  const session = useAdminSession(loginDescription);
  const screen: AdminScreen = ADMIN_SCREENS[id];

  if (!session.isAuthenticated) return <AdminLogin title={loginTitle} onLogin={session.login} loading={session.loggingIn} />;
  if (!session.session) {
    if (!session.sessionError) return <ScreenFallback />;
    return (
      <div className="admin-denied">
        <Alert
          type="error"
          showIcon
          title="The admin key could not be checked"
          description={serverErrorMessage(session.sessionError, 'The server did not answer.')}
          action={
            <div className="admin-denied-actions">
              <Button size="small" onClick={session.retrySession}>
                Retry
              </Button>
              <Button size="small" onClick={session.logout}>
                Logout
              </Button>
            </div>
          }
        />
      </div>
    );
  }
  if (!sessionCovers(session.session, screen.role)) return <NotAvailable screen={screen} session={session.session} onLogout={session.logout} />;
  return <>{children(session)}</>;
}
