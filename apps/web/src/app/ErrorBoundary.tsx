import { Component, type ErrorInfo, type ReactNode } from 'react';
import { trackException } from '../lib/analytics';
import { isChunkLoadError } from './lazyPage';
import { Button, buttonClass } from '../components/Button';

interface State {
  error: Error | null;
}

/** Full-page error screen for render crashes and failed page chunks. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
    trackException(`${error.name}: ${error.message}`, true);
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <div
        role="alert"
        className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center"
      >
        <h1 className="text-3xl font-bold">Oops! Something went wrong</h1>
        <p className="mt-3 max-w-lg text-muted">
          {chunk
            ? 'Part of the page could not be loaded. Your connection may have dropped, or Tracery was just updated.'
            : 'An unexpected error stopped this page. Your files and account are safe.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button size="md" onClick={() => this.setState({ error: null })}>
            Try Again
          </Button>
          <Button
            variant="secondary"
            size="md"
            className="bg-surface"
            onClick={() => window.location.reload()}
          >
            Reload Page
          </Button>
          <a href="/" className={buttonClass({ variant: 'secondary', size: 'md' }, 'bg-surface')}>
            Go to Homepage
          </a>
        </div>
      </div>
    );
  }
}
