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
