import { Link } from 'react-router';
import { ArrowRightIcon, CheckIcon } from './icons';

// spec §1 and §9: the launch promotion, free listing until June for 30 days.
const PERKS = ['30 days free listing', 'Unlimited listings', 'Featured placement', 'Direct buyer messaging'];

export function Promo() {
  return (
    <section aria-labelledby="promo-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-teal-800 to-sky-900 px-6 py-12 text-white shadow-xl sm:px-12 lg:flex lg:items-center lg:justify-between lg:gap-12">
          <div className="max-w-xl">
            <p className="inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold text-white">Limited-time offer</p>
            <h2 id="promo-title" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
              List Free Until June
            </h2>
            <p className="mt-4 text-lg text-teal-50">
              Sellers pay nothing to publish while the offer runs. Reach labs and clinics looking for exactly what you have.
            </p>
            <ul className="mt-8 grid gap-3 sm:grid-cols-2">
              {PERKS.map((perk) => (
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
