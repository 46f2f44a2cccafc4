import { UNSUBSCRIBE_LINK_INVALID } from '@benchmarket/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorDetail } from '@/lib/api-client';
import { unsubscribeQueryOptions } from '@/lib/api/saved-searches';
import { useDocumentTitle } from '@/lib/use-document-title';

const PAGE_TITLE = 'Unsubscribe from alerts';

/**
 * /unsubscribe?token=… (issue 16): the link in every alert mail. One click stops the saved
 * search's alerts — no login (the token is signed by the server) — and the page says so.
 */
export default function UnsubscribeRoute() {
  useDocumentTitle(PAGE_TITLE);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{PAGE_TITLE}</h1>
      <div className="mt-6">{token ? <Unsubscribe key={token} token={token} /> : <Alert title={UNSUBSCRIBE_LINK_INVALID} />}</div>
    </div>
  );
}

function Unsubscribe({ token }: { token: string }) {
  const outcome = useQuery(unsubscribeQueryOptions(token));
  if (outcome.isPending) return <Spinner label="Unsubscribing…" className="py-6" />;
  if (outcome.isError) return <Alert title={errorDetail(outcome.error, UNSUBSCRIBE_LINK_INVALID)} />;
  return (
    <Alert
      tone="success"
      title={outcome.data.detail}
      actions={
        <>
          <Link to="/dashboard?tab=saved-searches" className={buttonClass('secondary', { size: 'sm' })}>
            Manage saved searches
          </Link>
          <Link to="/search" className={buttonClass('primary', { size: 'sm' })}>
            Search equipment
          </Link>
        </>
      }
    >
      The search stays on your dashboard, paused: you can resume its alerts there at any time.
    </Alert>
  );
}
