import { formatPrice, REPORT_REASON_LABELS, type AdminUserDetail } from '@benchmarket/shared';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, LinkButton } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminViewer } from '../api/admin-query';
import { useReinstateUser, useSuspendUser, useUser } from '../api/users';
import { ReasonDialog } from '../components/action-dialog';
import { ConsolePage } from '../components/console-page';
import { ListingActions } from '../components/listing-actions';
import { ListingPills } from '../components/listing-summary';
import { useNotice } from '../components/notice';
import { PaymentStatus } from '../components/payment-status';
import { QueryView } from '../components/query-view';
import { UserStatus } from '../components/user-status';
import { ReasonFormSchema, type ReasonFormValues } from '../form-schemas';
import { formatDate, formatDateTime } from '../format';
import { ListingLink, linkClass } from '../components/record-links';

function Section({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-600">({count})</span>
      </h2>
      <div className="mt-4">{count === 0 ? <p className="text-sm text-slate-600">None.</p> : children}</div>
    </section>
  );
}

/** A section that lists its records in a table, which is named like the section. */
function TableSection({
  id,
  title,
  count,
  caption,
  columns,
  children,
}: {
  id: string;
  title: string;
  count: number;
  caption: string;
  columns: readonly DataColumn[];
  children: ReactNode;
}) {
  return (
    <Section id={id} title={title} count={count}>
      <DataTable label={title} caption={caption} columns={columns}>
        {children}
      </DataTable>
    </Section>
  );
}

type UserReport = AdminUserDetail['reports_made'][number];

/**
 * One report in the account's lists: reason, listing, date and outcome. Reports about the
 * user's listings also name who made them; the user's own reports need not.
 */
function ReportItem({ report, reporter }: { report: UserReport; reporter?: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
      <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span> about{' '}
      <ListingLink id={report.listing_id}>{report.listing_title}</ListingLink>
      {reporter !== undefined && ` by ${reporter}`} on {formatDate(report.created_at)} ·{' '}
      {report.status === 'open' ? 'open' : report.status === 'dismissed' ? 'dismissed' : 'acted on'}
      {report.details && <p className="mt-1 whitespace-pre-line text-slate-700">{report.details}</p>}
    </li>
  );
}

function Account({ detail, onDone }: { detail: AdminUserDetail; onDone: (message: string) => void }) {
  const { user } = detail;
  const { viewer } = useAdminViewer();
  const [open, setOpen] = useState<'suspend' | 'reinstate' | null>(null);
  const suspend = useSuspendUser();
  const reinstate = useReinstateUser();
  const close = () => {
    setOpen(null);
  };
  const suspended = user.suspended_at !== null;
  // Suspending and reinstating differ only in what they say and send: both take a reason the user is emailed.
  const decisions = {
    suspend: {
      title: 'Suspend account',
      description: `${user.email} will not be able to log in. Their live listings leave search and the latest and featured listings, and messages to them are refused. They are emailed the reason.`,
      variant: 'danger' as const,
      failedTitle: 'The account could not be suspended.',
      send: (body: ReasonFormValues) => suspend.mutateAsync({ id: user.id, body }),
      doneMessage: `${user.email} is suspended and was emailed the reason.`,
    },
    reinstate: {
      title: 'Reinstate account',
      description: `${user.email} will be able to log in again, and the listings the suspension switched off show again. They are emailed the reason.`,
      failedTitle: 'The account could not be reinstated.',
      send: (body: ReasonFormValues) => reinstate.mutateAsync({ id: user.id, body }),
      doneMessage: `${user.email} is reinstated and was emailed the reason.`,
    },
  };
  return (
    <section aria-labelledby="account-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="account-title" className="sr-only">
        Account
      </h2>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Status</dt>
            <dd className="mt-1">
              <UserStatus user={user} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Role</dt>
            <dd className="mt-1 font-medium text-slate-900">{user.role === 'admin' ? 'Administrator' : 'User'}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Joined</dt>
            <dd className="mt-1 font-medium text-slate-900">{formatDateTime(user.created_at)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Account id</dt>
            <dd className="mt-1 font-mono text-xs break-all text-slate-900">{user.id}</dd>
          </div>
          {suspended && (
            <div className="sm:col-span-2">
              <dt className="text-slate-600">Suspended on {formatDateTime(user.suspended_at)}</dt>
              <dd className="mt-1 font-medium whitespace-pre-line text-slate-900">{user.suspension_reason ?? 'No reason recorded.'}</dd>
            </div>
          )}
        </dl>
        <div className="flex flex-wrap gap-2">
          {user.id === viewer ? (
            <p className="text-sm text-slate-600">This is your account.</p>
          ) : suspended ? (
            <Button onClick={() => setOpen('reinstate')}>Reinstate</Button>
          ) : (
            <Button variant="danger" onClick={() => setOpen('suspend')}>
              Suspend
            </Button>
          )}
          <LinkButton variant="secondary" to={`/admin/audit?object_id=${user.id}`}>
            Audit log of this account
          </LinkButton>
        </div>
      </div>
      {open !== null && (
        <ReasonDialog
          {...decisions[open]}
          schema={ReasonFormSchema}
          onClose={close}
          onDone={onDone}
          hint="The user receives it by email. Kept in the audit log."
        />
      )}
    </section>
  );
}

function UserDetail({ detail, onDone }: { detail: AdminUserDetail; onDone: (message: string) => void }) {
  return (
    <>
      <Account detail={detail} onDone={onDone} />

      <TableSection
        id="user-listings"
        title="Listings"
        count={detail.listings.length}
        caption="The user's listings, with their state, price, dates and actions"
        columns={[{ label: 'Listing' }, { label: 'State' }, { label: 'Price', align: 'right' }, { label: 'Created' }, { label: 'Actions' }]}
      >
        {detail.listings.map((listing) => (
          <tr key={listing.id}>
            <td className="min-w-48">
              <ListingLink id={listing.id}>{listing.title}</ListingLink>
            </td>
            <td className="min-w-56">
              <ListingPills listing={listing} />
            </td>
            <td className="text-right whitespace-nowrap">{formatPrice(listing.price)}</td>
            <td className="whitespace-nowrap">{formatDate(listing.created_at)}</td>
            <td>
              <div className="flex flex-wrap gap-2">
                <ListingActions listing={listing} actions={['takeDown', 'restore', 'feature']} onDone={onDone} />
              </div>
            </td>
          </tr>
        ))}
      </TableSection>

      <TableSection
        id="user-payments"
        title="Payments"
        count={detail.payments.length}
        caption="The user's payments, newest first"
        columns={[
          { label: 'Date' },
          { label: 'Listing' },
          { label: 'Amount', align: 'right' },
          { label: 'Refunded', align: 'right' },
          { label: 'Status' },
          { label: 'Provider id' },
        ]}
      >
        {detail.payments.map((payment) => (
          <tr key={payment.id}>
            <td className="whitespace-nowrap">{formatDate(payment.created_at)}</td>
            <td className="min-w-48">
              <Link to={`/admin/payments?q=${payment.id}`} className={linkClass}>
                {payment.listing_title}
              </Link>
            </td>
            <td className="text-right whitespace-nowrap">{formatPrice(payment.amount, payment.currency)}</td>
            <td className="text-right whitespace-nowrap">{formatPrice(payment.refunded_amount, payment.currency)}</td>
            <td>
              <PaymentStatus payment={payment} />
            </td>
            <td className="font-mono text-xs break-all">{payment.provider_payment_id ?? '—'}</td>
          </tr>
        ))}
      </TableSection>

      <Section id="user-reports-made" title="Reports made" count={detail.reports_made.length}>
        <ul className="space-y-2">
          {detail.reports_made.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      </Section>

      <Section id="user-reports-against" title="Reports against their listings" count={detail.reports_against.length}>
        <ul className="space-y-2">
          {detail.reports_against.map((report) => (
            <ReportItem key={report.id} report={report} reporter={report.reporter_email} />
          ))}
        </ul>
      </Section>

      <Section id="user-messages" title="Messages sent" count={detail.messages_sent.length}>
        <ul className="space-y-2">
          {detail.messages_sent.map((message) => (
            <li key={message.id} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
              <p className="text-slate-600">
                To the seller of <ListingLink id={message.listing_id}>{message.listing_title}</ListingLink> on{' '}
                {formatDateTime(message.sent_at)}
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-900">{message.message}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

/** /admin/users/:id: an account, what it did, and Suspend / Reinstate. */
export default function UserDetailRoute() {
  const { id = '' } = useParams();
  const detail = useUser(id);
  const notice = useNotice();
  const email = detail.data?.user.email;
  useDocumentTitle(email ?? 'User');
  return (
    <ConsolePage title={email ?? 'User'} intro={<Link to="/admin/users">← All users</Link>}>
      {notice.element}
      <QueryView query={detail} what="account">
        {(data) => <UserDetail detail={data} onDone={notice.show} />}
      </QueryView>
    </ConsolePage>
  );
}
