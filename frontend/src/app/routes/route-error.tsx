import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
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

interface BoundaryState {
  failed: boolean;
  /** The path that failed: moving to another path tries again. */
  pathname: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * Shows RouteError in place of a layout whose screen failed, as a data router's
 * `errorElement` would; the app uses the declarative router, which has none (it spares every
 * page about 15 KiB of router code). Navigating elsewhere renders the layout again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
