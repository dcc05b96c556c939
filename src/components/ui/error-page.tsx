import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { pageTitle } from '../../lib/page-titles';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface ErrorPageProps {
  status?: number;
  message?: string;
}

/** The spec's generic error screen: the fixed heading plus whatever status or message we have. */
export function ErrorPage({ status, message }: ErrorPageProps) {
  useDocumentTitle(pageTitle(status === 404 ? 'Page not found' : 'Something went wrong'));
  const detail = [status, message].filter((part) => part !== undefined && part !== '').join(' ');
  return (
    <section className="page flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center" aria-labelledby="error-heading">
      <h1 id="error-heading" className="text-2xl font-bold text-zinc-900 sm:text-3xl">
        Unexpected Application Error!
      </h1>
      {detail ? (
        <p className="text-lg text-zinc-700" data-testid="error-detail">
          {detail}
        </p>
      ) : null}
      <Link to="/" className="btn-primary">
        Back to home
      </Link>
    </section>
  );
}

/** Reads the error react-router caught (a thrown Response, an Error or anything else). */
export function describeRouteError(error: unknown): ErrorPageProps {
  if (isRouteErrorResponse(error)) {
    const message = error.statusText || (typeof error.data === 'string' ? error.data : '');
    return { status: error.status, message };
  }
  if (error instanceof Error) return { message: error.message };
  if (typeof error === 'string') return { message: error };
  return { message: 'Something went wrong' };
}

/** errorElement for the router: renders ErrorPage for whatever the route threw. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorPage {...describeRouteError(error)} />;
}
