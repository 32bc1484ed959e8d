import { Card } from 'antd';
import { ADMIN_ROLE_DESCRIPTIONS, ADMIN_ROLES } from '@team/contracts';

/** What each role may do, above the form that hands them out. */
export function RoleGuide() {
  return (
    <Card title="Roles" size="small" role="region" aria-label="Roles" className="admin-keys-section">
      <dl className="admin-key-roles">
        {ADMIN_ROLES.map((role) => (
          <div key={role} className="admin-key-role">
            <dt>{role}</dt>
            <dd>
              {ADMIN_ROLE_DESCRIPTIONS[role]}.
              {role === 'owner' && ' This is the site’s shared ADMIN_KEY: there is one, and it is not listed below.'}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
