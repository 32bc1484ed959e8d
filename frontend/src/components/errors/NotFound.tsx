import { useNavigate } from 'react-router-dom';
import { PlainButton } from '@/components/ui/PlainButton';

/** The 404 screen of public paths, tracker paths and unknown page slugs. */
export function NotFound({ homeTo = '/', homeLabel = 'Go Home' }: { homeTo?: string; homeLabel?: string }) {
  const navigate = useNavigate();
  return (
    <div className="status-screen">
      <div className="status-screen-code" aria-hidden>
        404
      </div>
      <h1>404 Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has been moved.</p>
      <PlainButton variant="primary" onClick={() => navigate(homeTo)}>
        {homeLabel}
      </PlainButton>
    </div>
  );
}
