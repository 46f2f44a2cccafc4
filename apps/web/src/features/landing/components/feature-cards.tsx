import { ChatIcon, ShieldCheckIcon, SparklesIcon } from './icons';
import { LandingCardSection, type LandingItem } from './landing-section';

const FEATURES: LandingItem[] = [
  {
    title: 'AI-Powered Search',
    description: 'Describe what you need in plain words and see why each result is relevant.',
    Icon: SparklesIcon,
  },
  {
    title: 'Trusted Reviews',
    description: 'Every listing is checked and carries a clear verification badge.',
    Icon: ShieldCheckIcon,
  },
  {
    title: 'Seamless Communication',
    description: 'Message sellers directly from any listing, with no middlemen.',
    Icon: ChatIcon,
  },
];

export function FeatureCards() {
  return (
    <LandingCardSection
      headingId="features-title"
      eyebrow="Why BenchMarket"
      title="Built for labs, clinics and the people who equip them"
      items={FEATURES}
      mark={({ Icon }) => (
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-teal-700 text-white">
          <Icon className="size-6" />
        </span>
      )}
    />
  );
}
