import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../platform/notifications.js';
import { onTestCrash } from '../platform/test-hooks.js';
import { ErrorPage } from './ErrorPage.js';

interface State {
  error: unknown;
  failed: boolean;
}

/** Around the whole app: an error while rendering shows the error page and goes to the error log. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidMount(): void {
    onTestCrash((error) => {
      logError(`${error.name}: ${error.message}`, error.stack);
      this.setState({ error, failed: true });
    });
  }

  override componentWillUnmount(): void {
    onTestCrash(null);
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    logError(text, info.componentStack ?? undefined);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
