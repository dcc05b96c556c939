import { Component, type ReactNode } from 'react';
import { describeRouteError, ErrorPage } from './error-page';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the next page's address) clears a caught error. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  caught: boolean;
  resetKey: string | undefined;
}

/**
 * Renders the spec's error page for whatever a screen throws while rendering, in place of that
 * screen (the layout around it stays), until the shopper goes to another address.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, caught: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, caught: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.caught ? <ErrorPage {...describeRouteError(this.state.error)} /> : this.props.children;
  }
}
