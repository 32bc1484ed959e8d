import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Input } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import './admin.css';

export interface AdminLoginProps {
  /** "Admin Login" (content editor, page builder) or "Admin Access Required" (merge tool). */
  title: string;
  onLogin: (key: string) => void;
}

/** The admin key prompt shared by the three admin screens (SPEC §2 Admin login). */
export function AdminLogin({ title, onLogin }: AdminLoginProps) {
  const [key, setKey] = useState('');
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
          <h1 className="admin-login-title">{title}</h1>
          <p className="muted admin-login-hint">Enter the admin key to continue.</p>
          <label htmlFor={inputId} className="admin-field-label">
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
          <Button type="primary" htmlType="submit" block>
            Login
          </Button>
        </form>
      </Card>
    </div>
  );
}
