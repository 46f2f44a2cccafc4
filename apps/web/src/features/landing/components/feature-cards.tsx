import { ChatIcon, ShieldCheckIcon, SparklesIcon } from './icons';
import { LandingCard, LandingSection, type LandingItem } from './landing-section';

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
    <LandingSection headingId="features-title" eyebrow="Why BenchMarket" title="Built for labs, clinics and the people who equip them">
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {FEATURES.map((item) => (
          <LandingCard
            key={item.title}
            item={item}
            className="border border-slate-200"
            mark={
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-teal-700 text-white">
                <item.Icon className="size-6" />
              </span>
            }
          />
        ))}
      </ul>
    </LandingSection>
  );
}
