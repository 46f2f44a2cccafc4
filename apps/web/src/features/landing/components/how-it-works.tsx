import { CompareIcon, LockIcon, SearchIcon } from './icons';
import { LandingCardSection, type LandingItem } from './landing-section';

const STEPS: LandingItem[] = [
  {
    title: 'Explore',
    description: 'Search by keyword or plain description, then filter by price, condition and location.',
    Icon: SearchIcon,
  },
  {
    title: 'Compare',
    description: 'Tick up to four listings and see price, condition, maker, model, year, warranty and verification side by side.',
    Icon: CompareIcon,
  },
  {
    title: 'Secure',
    description: 'Message the seller, make an offer and agree the deal in one conversation on BenchMarket.',
    Icon: LockIcon,
  },
];

export function HowItWorks() {
  return (
    <LandingCardSection
      headingId="steps-title"
      eyebrow="How it works"
      title="From search to secured in three steps"
      items={STEPS}
      ordered
      mark={({ Icon }, index) => (
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-sky-800 text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <Icon className="size-6 text-sky-800" />
        </div>
      )}
    />
  );
}
