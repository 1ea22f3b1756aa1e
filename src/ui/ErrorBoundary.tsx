import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFailure } from '../diagnostics/reportFailure';
import { RenderErrorMessage } from './RenderErrorMessage';

interface ErrorBoundaryProps {
  readonly children: ReactNode;
  /**
   * A region of a screen (issue 39): its failure shows a small "this part failed, reload it"
   * in its place and the rest of the screen goes on; without it the whole page's message.
   */
  readonly region?: string;
}

interface ErrorBoundaryState {
  readonly failed: boolean;
}

/** Catches render errors below it, reports them, and shows a localized message instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for whoever investigates; the viewer sees the localized message.
    console.error('Render failed', error, info.componentStack);
    reportFailure('render', error);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.region === undefined ? <RenderErrorMessage /> : <RegionFailed region={this.props.region} onRetry={this.retry} />;
  }
}

function RegionFailed({ region, onRetry }: { readonly region: string; readonly onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="region-failed" role="alert" data-region-failed={region}>
      <span>{t('errorBoundary.region')}</span>
      <button type="button" className="button" onClick={onRetry}>
        {t('errorBoundary.reloadRegion')}
      </button>
    </div>
  );
}
