import type { ComponentType, ReactNode, SVGProps } from 'react';

/** One card of a landing section: a title, a sentence and an icon. */
export interface LandingItem {
  title: string;
  description: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * A white landing section with a centred eyebrow and heading (which names the section), then
 * its items as a row of cards: each its mark (an icon, a step's number) above its title and
 * sentence. Steps are `ordered`: their order is part of what they say.
 */
export function LandingCardSection({
  headingId,
  eyebrow,
  title,
  items,
  ordered = false,
  mark,
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  items: readonly LandingItem[];
  ordered?: boolean;
  mark: (item: LandingItem, index: number) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <section aria-labelledby={headingId} className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{eyebrow}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
        </div>
        <List className="mt-12 grid gap-6 md:grid-cols-3">
          {items.map((item, index) => (
            <li key={item.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm">
              {mark(item, index)}
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 text-slate-600">{item.description}</p>
            </li>
          ))}
        </List>
      </div>
    </section>
  );
}
