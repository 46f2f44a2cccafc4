import {
  DURATION_OPTIONS,
  EXPIRES_SOON_DAYS,
  formatPrice,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_LISTING,
  PROMO_FREE_DAYS,
  VERIFICATION_LINK_HOURS,
  type PublicConfig,
} from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '@/lib/app-config';

interface Question {
  question: string;
  answer: ReactNode;
}

interface Topic {
  id: string;
  title: string;
  questions: Question[];
}

const linkClass = 'font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900';

/** '1, 3, 6 or 12 months' (spec §5). */
const DURATIONS = `${DURATION_OPTIONS.slice(0, -1).join(', ')} or ${String(DURATION_OPTIONS.at(-1))} months`;
const PHOTO_MEGABYTES = Math.round(MAX_PHOTO_BYTES / (1024 * 1024));

/** 'June 1, 2026' for the promotion's end date (a calendar day, so read in UTC). */
function formatDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

function feesAnswer(config: PublicConfig | undefined): ReactNode {
  if (!config) {
    return (
      <p>
        A listing has a base price that includes its first month; each further month costs less. You choose {DURATIONS} when you create it,
        and you see the exact amount before you pay. Browsing, searching and contacting sellers is free.
      </p>
    );
  }
  const { pricing } = config;
  return (
    <p>
      A listing costs {formatPrice(pricing.base_price, pricing.currency.toUpperCase())} for its first month, and{' '}
      {formatPrice(pricing.additional_month_price, pricing.currency.toUpperCase())} for each further month. You choose {DURATIONS} when you
      create it, and you see the exact amount before you pay. Browsing, searching and contacting sellers is free, and BenchMarket takes no
      commission on a sale.
    </p>
  );
}

function promotionAnswer(config: PublicConfig | undefined): ReactNode {
  const promotion = config?.promotion;
  if (promotion && !promotion.active) {
    return (
      <p>
        Our launch offer, ‘List Free Until June’, has ended. Listings are charged at the prices above; watch the home page for the next
        offer.
      </p>
    );
  }
  const until = promotion?.free_until ? ` (new listings paid for before ${formatDay(promotion.free_until)})` : '';
  return (
    <>
      <p>
        ‘List Free Until June’: while the offer runs{until}, the first month of every new listing is free —{' '}
        {promotion?.free_days ?? PROMO_FREE_DAYS} days free listing, with unlimited listings, featured placement and direct buyer messaging.
      </p>
      <p className="mt-2">
        Choose a 1-month duration and there is nothing to pay: the listing goes live at once. For a longer duration you pay only the months
        after the first.
      </p>
    </>
  );
}

function topics(config: PublicConfig | undefined): Topic[] {
  const extensionRate = config ? formatPrice(config.pricing.extension_month_price, config.pricing.currency.toUpperCase()) : undefined;
  return [
    {
      id: 'fees',
      title: 'Fees and the promotion',
      questions: [
        { question: 'What does it cost to list equipment?', answer: feesAnswer(config) },
        { question: 'What is the ‘List Free Until June’ offer?', answer: promotionAnswer(config) },
        {
          question: 'Do buyers pay anything?',
          answer: (
            <p>
              No. Buyers search, read listings and message sellers for free, and agree price, payment and shipping with the seller directly.
            </p>
          ),
        },
      ],
    },
    {
      id: 'verification',
      title: 'Verification badges',
      questions: [
        {
          question: 'What do the verification badges mean?',
          answer: (
            <>
              <p>Every listing is checked automatically when it is created and each time it is edited. Its badge says how that went:</p>
              <dl className="mt-3 space-y-2">
                <div>
                  <dt className="font-semibold text-slate-900">AI Verified</dt>
                  <dd>
                    The check approved the listing: the title, description, price and condition are consistent, and nothing in it is
                    prohibited.
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">Verification Pending</dt>
                  <dd>The check approved the listing, but it is not marked as verified yet.</dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">Verification Needed</dt>
                  <dd>
                    The check found something the seller must change — for example a regulated item offered with the equipment. The seller
                    sees a note explaining what to fix, and the badge updates after the edit.
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">Pending Verification</dt>
                  <dd>
                    The listing needs a second look (or has not been checked yet), for example because its price is unusual for its kind of
                    equipment.
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">Verified</dt>
                  <dd>The listing has been verified.</dd>
                </div>
              </dl>
            </>
          ),
        },
        {
          question: 'Is a verified listing a guarantee?',
          answer: (
            <p>
              No. Verification is an automatic plausibility check of what the seller wrote, not an inspection of the equipment. Listings
              that are not verified carry a caution note. Ask the seller for service records, photos or a demonstration before you buy.
            </p>
          ),
        },
      ],
    },
    {
      id: 'payments',
      title: 'Payments',
      questions: [
        {
          question: 'How do I pay for a listing?',
          answer: (
            <p>
              By card, on the payment step after you create a listing (or from your{' '}
              <Link to="/dashboard" className={linkClass}>
                dashboard
              </Link>{' '}
              with ‘Pay Now’). Card payments are processed by Stripe; BenchMarket never sees or stores your card number. Your receipts are
              under Payment History in the dashboard.
            </p>
          ),
        },
        {
          question: 'Which card can I use to try it out?',
          answer: (
            <p>
              In a test or demo installation, payments run in a sandbox that behaves like Stripe’s test mode: use the test card{' '}
              <span className="font-mono whitespace-nowrap">4242 4242 4242 4242</span> with any future expiry date and any three-digit CVC.{' '}
              <span className="font-mono whitespace-nowrap">4000 0000 0000 0002</span> is declined, so you can see what a failed payment
              looks like. No real money moves.
            </p>
          ),
        },
        {
          question: 'My payment failed or is still pending. What now?',
          answer: (
            <p>
              Nothing was charged for a failed payment. Open Payment History in your dashboard and choose ‘Pay Now’ to try again. If your
              card was charged but the listing is not live, write to us below with the listing’s title.
            </p>
          ),
        },
      ],
    },
    {
      id: 'photos',
      title: 'Photos',
      questions: [
        {
          question: 'How many photos can I add, and how large?',
          answer: (
            <p>
              Up to {MAX_PHOTOS_PER_LISTING} photos per listing, each at most {PHOTO_MEGABYTES} MB and 40 megapixels. JPEG, PNG, WebP, GIF
              and AVIF images are accepted. Photos are turned upright, resized to at most 1600 pixels and saved as WebP; location data and
              other camera metadata are removed before anything is published.
            </p>
          ),
        },
        {
          question: 'How do I change the photos of a listing?',
          answer: (
            <p>
              Open the listing and choose ‘Edit Listing’: you can add photos (up to {MAX_PHOTOS_PER_LISTING} in all) and delete the ones you
              no longer want. The first photo is the one shown in search results and link previews.
            </p>
          ),
        },
      ],
    },
    {
      id: 'expiry',
      title: 'Expiry, extending and renewing',
      questions: [
        {
          question: 'When does my listing expire?',
          answer: (
            <p>
              At the end of the duration you paid for ({DURATIONS}). Your dashboard shows ‘Expires in …’, then ‘Expires soon’ in the last{' '}
              {EXPIRES_SOON_DAYS} days — we also email you a reminder then — and ‘Expired’ afterwards. An expired listing is hidden from
              search until you renew it.
            </p>
          ),
        },
        {
          question: 'How do I extend or renew a listing?',
          answer: (
            <p>
              In your dashboard, a live listing has ‘Extend’: the months you buy are added to its current expiry. An expired one has
              ‘Renew’: it goes live again from today.{' '}
              {extensionRate ? `Both are charged at ${extensionRate} per month.` : 'Both are charged at a monthly rate.'} A listing must be
              paid for before it can be extended, and a removed listing cannot be extended.
            </p>
          ),
        },
      ],
    },
    {
      id: 'messages',
      title: 'Messaging sellers',
      questions: [
        {
          question: 'How do I contact a seller?',
          answer: (
            <p>
              Open the listing and use ‘Contact Seller’. You need to be logged in; the seller receives your name, email and message and
              usually replies by email. Sellers read their messages under Messages in the{' '}
              <Link to="/dashboard" className={linkClass}>
                Seller Dashboard
              </Link>
              .
            </p>
          ),
        },
        {
          question: 'How do I search, and why must I verify my email?',
          answer: (
            <p>
              Everyone sees the latest listings on the{' '}
              <Link to="/search" className={linkClass}>
                search page
              </Link>
              . Custom and AI-enhanced search are for verified accounts: follow the link we email you after registering (it is valid for{' '}
              {VERIFICATION_LINK_HOURS} hours) — verified accounts keep spam away from sellers.
            </p>
          ),
        },
      ],
    },
  ];
}

/**
 * The common questions as a disclosure list: each question is a native <details>/<summary>,
 * so it opens and closes by click, touch, Enter or Space, and screen readers announce its
 * state, with no script.
 */
export function Faq() {
  const { data: config } = useAppConfig();
  return (
    <div className="space-y-10">
      {topics(config).map((topic) => (
        <section key={topic.id} aria-labelledby={`faq-${topic.id}`}>
          <h3 id={`faq-${topic.id}`} className="text-lg font-semibold text-slate-900">
            {topic.title}
          </h3>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {topic.questions.map(({ question, answer }) => (
              <li key={question}>
                <details className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-3.5 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-teal-700 [&::-webkit-details-marker]:hidden">
                    {question}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={2}
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      <path d="m6 9 6 6 6-6" />
                    </svg>
                  </summary>
                  <div className="px-4 pb-4 text-slate-700">{answer}</div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
