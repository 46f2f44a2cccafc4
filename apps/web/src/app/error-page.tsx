import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AppShell } from './layout';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

interface StatusError {
  status: number;
  statusText?: string;
}

function hasStatus(error: unknown): error is StatusError {
  return typeof error === 'object' && error !== null && 'status' in error && typeof (error as StatusError).status === 'number';
}

/** The error text shown under the heading: "404 Not Found", or the error's message. */
function describeError(error: unknown): string {
  if (isRouteErrorResponse(error) || hasStatus(error)) {
    const statusText = error.statusText || STATUS_TEXT[error.status] || 'Error';
    return `${String(error.status)} ${statusText}`;
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'An unknown error occurred.';
}

function isNotFound(error: unknown): boolean {
  return (isRouteErrorResponse(error) || hasStatus(error)) && error.status === 404;
}

/** spec §2: unknown routes and routing failures show 'Unexpected Application Error!' and the error text. */
function ErrorFallback({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const notFound = isNotFound(error);
  useDocumentTitle(notFound ? 'Page not found' : 'Error');

  return (
    <section aria-labelledby="error-title" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{notFound ? 'Page not found' : 'Something went wrong'}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Unexpected Application Error!
      </h1>
      <p className="mt-4 text-lg font-medium text-slate-800">{describeError(error)}</p>
      {notFound ? (
        <p className="mt-2 text-slate-600">
          Nothing lives at <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{pathname}</code>.
        </p>
      ) : (
        <p className="mt-2 text-slate-600">Please try again. If the problem persists, contact support.</p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-teal-800">
          Back to home
        </Link>
        {!notFound && (
          <button
            type="button"
            onClick={() => {
              window.location.reload();
            }}
            className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Reload page
          </button>
        )}
      </div>
    </section>
  );
}

/** errorElement of the root layout route: the fallback with header and footer around it. */
export function RootErrorPage() {
  const error = useRouteError();
  return (
    <AppShell>
      <ErrorFallback error={error} />
    </AppShell>
  );
}

/** errorElement around the pages: rendered in the layout's outlet. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}

/** The catch-all `*` route. */
export function NotFoundPage() {
  return <ErrorFallback error={{ status: 404, statusText: 'Not Found' }} />;
}
