import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Input } from 'antd';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import './admin-login.css';

export interface AdminLoginProps {
  /** "Admin Login" (most admin screens), "Admin Access Required" (merge tool) or "Recorder Login" (Record Match). */
  title: string;
  /** The line under the title. */
  hint?: string;
  /** Shown above the field: why the stored key is not enough here. */
  notice?: ReactNode;
  /** Checks the key; the field keeps what was typed when the key is refused. */
  onLogin: (key: string) => void;
  /** The key is being checked: the Login button shows it. */
  loading?: boolean;
  /** 2 where the screen has its own title above the login (Record Match). */
  headingLevel?: 1 | 2;
}

/** The admin key prompt shared by the admin screens and the recorder login (docs/product.md#screens-and-routes Admin login). */
export function AdminLogin({ title, hint = 'Enter the admin key to continue.', notice, onLogin, loading = false, headingLevel = 1 }: AdminLoginProps) {
  const [key, setKey] = useState('');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onLogin(key);
  };

  return (
    <div className="admin-login">
      <Card>
        <form onSubmit={submit} className="admin-login-form">
          <div className="admin-login-icon" aria-hidden>
            <LockOutlined />
          </div>
          <Heading className="admin-login-title">{title}</Heading>
          <p className="muted admin-login-hint">{hint}</p>
          {notice && <p className="admin-login-notice">{notice}</p>}
          <label htmlFor={inputId} className="admin-login-label">
            Admin Key
          </label>
          <Input.Password
            id={inputId}
            value={key}
            onChange={(event) => setKey(event.target.value)}
            placeholder="Enter admin key"
            autoComplete="current-password"
            autoFocus
          />
          <Button type="primary" htmlType="submit" block loading={loading}>
            Login
          </Button>
        </form>
      </Card>
    </div>
  );
}
