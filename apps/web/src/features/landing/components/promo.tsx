// Only zod-free parts of shared (docs/performance.md): this block is on the first load of /.
import { formatCalendarDay, PROMO_FREE_DAYS_TEXT, PROMO_HEADLINE, type Promotion } from '@benchmarket/shared';
import { Link } from 'react-router';
import { useAppConfig } from '@/lib/app-config';
import { ArrowRightIcon, CheckIcon } from './icons';

/** Ours (issue 14): featuring exists, and it is the team's choice, not something to buy. */
export const FEATURED_PERK = 'Featured placement, chosen by our team';
export const SELL_HEADLINE = 'Sell your lab equipment on BenchMarket';

/** The promotion's sentence, with its end date from the settings (GET /config). */
export function promotionSentence(promotion: Pick<Promotion, 'free_until' | 'free_days'>): string {
  const until = promotion.free_until ? ` until ${formatCalendarDay(promotion.free_until)}` : '';
  return `List new equipment${until}: the first ${String(promotion.free_days)} days of every new listing are free. Reach labs and clinics looking for exactly what you have.`;
}

/**
 * The landing page's promo block and its 'Get Started Now' (spec §1, §2). While the
 * promotion runs (GET /config: `promotion.active`) it is the spec's offer, 'List Free Until
 * June' with '30 days free listing' and its end date; otherwise, or while the settings are
 * not known, it offers nothing that does not exist: what selling here gives, without the offer.
 */
export function Promo() {
  const promotion = useAppConfig().data?.promotion;
  const active = promotion?.active === true;
  const perks = active
    ? [PROMO_FREE_DAYS_TEXT, 'Unlimited listings', FEATURED_PERK, 'Direct buyer messaging']
    : ['Unlimited listings', 'No commission on sales', FEATURED_PERK, 'Direct buyer messaging'];
  return (
    <section aria-labelledby="promo-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-teal-800 to-sky-900 px-6 py-12 text-white shadow-xl sm:px-12 lg:flex lg:items-center lg:justify-between lg:gap-12">
          <div className="max-w-xl">
            {active && (
              <p className="inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold text-white">Limited-time offer</p>
            )}
            <h2 id="promo-title" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
              {active ? PROMO_HEADLINE : SELL_HEADLINE}
            </h2>
            <p className="mt-4 text-lg text-teal-50">
              {active
                ? promotionSentence(promotion)
                : 'Reach labs and clinics looking for exactly what you have. You see the price of a listing before you pay.'}
            </p>
            <ul className="mt-8 grid gap-3 sm:grid-cols-2">
              {perks.map((perk) => (
                <li key={perk} className="flex items-center gap-3">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-white/20">
                    <CheckIcon className="size-4" />
                  </span>
                  {perk}
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-10 lg:mt-0 lg:shrink-0">
            <Link
              to="/register"
              className="inline-flex items-center gap-2 rounded-lg bg-white px-7 py-3.5 text-lg font-semibold text-teal-800 shadow-sm hover:bg-teal-50 focus-visible:outline-white"
            >
              Get Started Now
              <ArrowRightIcon className="size-5" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
