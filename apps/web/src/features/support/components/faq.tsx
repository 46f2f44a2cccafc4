import {
  DURATION_OPTIONS,
  EXPIRES_SOON_DAYS,
  formatCalendarDay,
  formatPrice,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_LISTING,
  VERIFICATION_LINK_HOURS,
  type PublicConfig,
} from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '@/lib/app-config';
import { OutlineIcon } from '@/components/ui/icon';

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

/**
 * The promotion's question, only while it runs (GET /config: `promotion.active`), with its end
 * date from the settings; none once it is over or while the settings are not known.
 */
function promotionQuestion(config: PublicConfig | undefined): Question | null {
  const promotion = config?.promotion;
  if (!promotion?.active) return null;
  const until = promotion.free_until ? ` (new listings paid for before ${formatCalendarDay(promotion.free_until)})` : '';
  return {
    question: 'What is the ‘List Free Until June’ offer?',
    answer: (
      <>
        <p>
          ‘List Free Until June’: while the offer runs{until}, the first month of every new listing is free — {promotion.free_days} days
          free listing, with unlimited listings and direct buyer messaging.
        </p>
        <p className="mt-2">
          Choose a 1-month duration and there is nothing to pay: the listing goes live at once. For a longer duration you pay only the
          months after the first.
        </p>
      </>
    ),
  };
}

function topics(config: PublicConfig | undefined): Topic[] {
  const extensionRate = config ? formatPrice(config.pricing.extension_month_price, config.pricing.currency.toUpperCase()) : undefined;
  const promotion = promotionQuestion(config);
  return [
    {
      id: 'fees',
      title: promotion ? 'Fees and the promotion' : 'Fees',
      questions: [
        { question: 'What does it cost to list equipment?', answer: feesAnswer(config) },
        ...(promotion ? [promotion] : []),
        {
          question: 'Can I pay to have my listing featured?',
          answer: (
            <p>
              No. Featured placement is chosen by the BenchMarket team and cannot be bought. A featured listing carries a ‘Featured’ label,
              appears in the ‘Featured’ strip on the home page and comes first when buyers browse, until a date the team sets.
            </p>
          ),
        },
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
                    The check (or the BenchMarket team) found something the seller must change — for example a regulated item offered with
                    the equipment. The seller sees the check’s notes, one fix per line, on their listing page and in their dashboard, with a
                    link to edit the listing; the check runs again when they save, and the badge updates.
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">Pending Verification</dt>
                  <dd>
                    The listing waits for a second look by the BenchMarket team (or has not been checked yet), for example because its price
                    is unusual for its kind of equipment. The seller sees the check’s notes too.
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">Verified</dt>
                  <dd>The BenchMarket team reviewed the listing and approved it.</dd>
                </div>
              </dl>
            </>
          ),
        },
        {
          question: 'What happens when BenchMarket rejects or takes down a listing?',
          answer: (
            <p>
              The seller is emailed the reason and sees it on their listing page and in their dashboard. A rejected listing shows
              ‘Verification Needed’ until the seller edits it; the edit is checked again and goes back to the team for review. A listing
              that is taken down is hidden from buyers everywhere. Items that may not be sold — controlled substances, prescription drugs
              and similar — are refused when the seller tries to publish the listing.
            </p>
          ),
        },
        {
          question: 'How do I report a listing?',
          answer: (
            <p>
              Open the listing and choose ‘Report this listing’ (you need to be logged in). Pick a reason — a prohibited item, suspected
              fraud, the wrong category or condition, a duplicate, or something else you describe — and the BenchMarket team reviews it. You
              can have one open report per listing.
            </p>
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
              Open the listing and use ‘Contact Seller’. You need to be logged in with a verified email address; the seller receives your
              name, email and message and usually replies by email. Sellers read their messages under Messages in the{' '}
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
              . Custom and AI-enhanced search, publishing listings and contacting sellers are for verified accounts: follow the link we
              email you after registering (it is valid for {VERIFICATION_LINK_HOURS} hours) — verified accounts keep spam away from sellers.
              You can create and edit a listing before you verify, and publish it once you have. Lost the mail? ‘Resend verification email’
              sends a new link.
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
                    <OutlineIcon className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180 motion-reduce:transition-none">
                      <path d="m6 9 6 6 6-6" />
                    </OutlineIcon>
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
