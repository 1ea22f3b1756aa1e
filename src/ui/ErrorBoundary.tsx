import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RenderErrorMessage } from './RenderErrorMessage';

interface ErrorBoundaryProps {
  readonly children: ReactNode;
}

interface ErrorBoundaryState {
  readonly failed: boolean;
}

/** Catches render errors below it and shows a localized message instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for whoever investigates; the viewer sees the localized message.
    console.error('Render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RenderErrorMessage /> : this.props.children;
  }
}
