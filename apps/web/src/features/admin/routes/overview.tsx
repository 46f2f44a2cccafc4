import { formatPrice, PAGE_ROUTES, type AdminOverview } from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOverview } from '../api/overview';
import { BarChart } from '../components/bar-chart';
import { consoleRoute } from '../components/console-page';
import { QueryView } from '../components/query-view';
import { formatDay, formatMonth } from '../format';

function Counter({ label, value, link, note }: { label: string; value: number; link?: { to: string; text: string }; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd>
        <span className="mt-1 block text-3xl font-bold tracking-tight text-slate-900">{value.toLocaleString('en-US')}</span>
        {note && <span className="mt-1 block text-xs text-slate-600">{note}</span>}
        {link && (
          <Link to={link.to} className="mt-1 inline-block text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
            {link.text}
          </Link>
        )}
      </dd>
    </div>
  );
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const count = (value: number) => value.toLocaleString('en-US');

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `overview-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Overview({ overview }: { overview: AdminOverview }) {
  const money = (amount: number) => formatPrice(amount, overview.currency);
  const searches = sum(overview.searches_per_day.map((day) => day.plain + day.ai));
  const aiSearches = sum(overview.searches_per_day.map((day) => day.ai));
  const messages = sum(overview.messages_per_day.map((day) => day.count));
  return (
    <>
      <section aria-labelledby="overview-now">
        <h2 id="overview-now" className="sr-only">
          Now
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Counter label="Live listings" value={overview.listings_live} />
          <Counter label="New this week" value={overview.listings_new_this_week} note="Listings created in the last 7 days" />
          <Counter label="Expiring soon" value={overview.listings_expiring_soon} note="Live listings ending within 7 days" />
          <Counter
            label="Open reports"
            value={overview.open_reports}
            link={{ to: PAGE_ROUTES.adminReports.path, text: 'See the reports' }}
          />
          <Counter
            label="Review queue"
            value={overview.review_queue_length}
            link={{ to: PAGE_ROUTES.adminReview.path, text: 'Open the queue' }}
          />
        </dl>
      </section>

      <Section title="Revenue">
        <BarChart
          title="Revenue by month"
          summary={`${money(sum(overview.revenue_by_month.map((month) => month.amount)))} over the last ${String(overview.revenue_by_month.length)} months, net of refunds.`}
          pointHeader="Month"
          series={[{ key: 'amount', label: 'Revenue', fillClass: 'fill-teal-700', swatchClass: 'bg-teal-700' }]}
          points={overview.revenue_by_month.map((month) => ({
            label: formatMonth(month.month),
            tick: formatMonth(month.month, { short: true }),
            values: { amount: month.amount },
          }))}
          format={money}
        />
      </Section>

      <Section title="Activity">
        <div className="grid gap-4 lg:grid-cols-2">
          <BarChart
            title="Searches per day"
            summary={`${count(searches)} searches in the last ${String(overview.searches_per_day.length)} days, ${count(aiSearches)} of them with AI.`}
            pointHeader="Day"
            series={[
              { key: 'plain', label: 'Plain searches', fillClass: 'fill-teal-700', swatchClass: 'bg-teal-700' },
              { key: 'ai', label: 'AI searches', fillClass: 'fill-amber-500', swatchClass: 'bg-amber-500' },
            ]}
            points={overview.searches_per_day.map((day, index) => ({
              label: formatDay(day.day),
              tick: index % 7 === 0 ? formatDay(day.day) : '',
              values: { plain: day.plain, ai: day.ai },
            }))}
            format={count}
          />
          <BarChart
            title="Messages per day"
            summary={`${count(messages)} messages to sellers in the last ${String(overview.messages_per_day.length)} days.`}
            pointHeader="Day"
            series={[{ key: 'count', label: 'Messages', fillClass: 'fill-sky-700', swatchClass: 'bg-sky-700' }]}
            points={overview.messages_per_day.map((day, index) => ({
              label: formatDay(day.day),
              tick: index % 7 === 0 ? formatDay(day.day) : '',
              values: { count: day.count },
            }))}
            format={count}
          />
        </div>
      </Section>
    </>
  );
}

function OverviewContent() {
  const overview = useOverview();
  return (
    <QueryView query={overview} what="overview">
      {(data) => <Overview overview={data} />}
    </QueryView>
  );
}

/** /admin: the console's first page — counters now, revenue by month, searches and messages per day. */
export default consoleRoute({ title: 'Overview', intro: 'Listings, reports, revenue and activity at a glance.' }, OverviewContent);
