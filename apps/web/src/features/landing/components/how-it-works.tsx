import { CompareIcon, LockIcon, SearchIcon } from './icons';
import { LandingCard, LandingSection, type LandingItem } from './landing-section';

const STEPS: LandingItem[] = [
  {
    title: 'Explore',
    description: 'Search by keyword or plain description, then filter by price, condition and location.',
    Icon: SearchIcon,
  },
  {
    title: 'Compare',
    description: 'Weigh condition, photos, verification and price across listings side by side.',
    Icon: CompareIcon,
  },
  {
    title: 'Secure',
    description: 'Contact the seller through BenchMarket and secure the equipment your lab needs.',
    Icon: LockIcon,
  },
];

export function HowItWorks() {
  return (
    <LandingSection headingId="steps-title" eyebrow="How it works" title="From search to secured in three steps">
      <ol className="mt-12 grid gap-8 md:grid-cols-3">
        {STEPS.map((item, index) => (
          <LandingCard
            key={item.title}
            item={item}
            className="relative ring-1 ring-slate-200"
            largeTitle
            mark={
              <div className="flex items-center gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-sky-800 text-lg font-bold text-white"
                >
                  {index + 1}
                </span>
                <item.Icon className="size-6 text-sky-800" />
              </div>
            }
          />
        ))}
      </ol>
    </LandingSection>
  );
}
