import { PlainButton } from '@/components/ui/PlainButton';

/** Last-resort screen when a screen throws while rendering or its chunk fails to load. */
export function RouteError() {
  return (
    <div className="status-screen" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">This screen could not be shown. Reloading usually fixes it.</p>
      <PlainButton variant="primary" onClick={() => window.location.reload()}>
        Reload
      </PlainButton>
    </div>
  );
}
