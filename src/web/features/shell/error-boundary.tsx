import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StatusScreen } from '#web/components/ui/status-screen.tsx';

interface State {
  failed: boolean;
}

/** Spec §8 "Crash": anything thrown while rendering, including a page that failed to load. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('TintBook crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StatusScreen role="alert" title="Something went wrong">
        <p className="mt-2">
          We&apos;re sorry, but something unexpected happened. Please refresh the page to try again.
        </p>
        <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </StatusScreen>
    );
  }
}
