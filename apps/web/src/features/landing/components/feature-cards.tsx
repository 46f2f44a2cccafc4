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
    description:
      'Every listing is checked before it goes live, a person reviews what the checks flag, and its badge says how it was verified. Signed-in buyers can report a listing from its page, with the reason.',
    Icon: ShieldCheckIcon,
  },
  {
    title: 'Seamless Communication',
    description: 'Message a seller from any listing and keep the whole conversation, replies and offers in one place.',
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
