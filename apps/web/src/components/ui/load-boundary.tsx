import { Component, type ReactNode } from 'react';

interface LoadBoundaryProps {
  /** Shown instead of the children when their code could not load (offline, a deploy replaced the chunk). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a lazily loaded part's failure to that part: without it the error reaches the route's
 * error page and the whole page is lost for one missing form.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
