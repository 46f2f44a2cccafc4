import type { ComponentType, ReactNode, SVGProps } from 'react';
import { cn } from '@/lib/cn';

/** One card of a landing section: a title, a sentence and an icon. */
export interface LandingItem {
  title: string;
  description: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** A white landing section with a centred eyebrow and heading (which names the section), then `children`. */
export function LandingSection({
  headingId,
  eyebrow,
  title,
  children,
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{eyebrow}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
        </div>
        {children}
      </div>
    </section>
  );
}

/**
 * A landing item as a card: its mark (an icon, a step's number) above its title and sentence.
 * The sections frame it each their own way (`className`); a step's title is larger.
 */
export function LandingCard({
  item: { title, description },
  mark,
  className,
  largeTitle = false,
}: {
  item: LandingItem;
  mark: ReactNode;
  className: string;
  largeTitle?: boolean;
}) {
  return (
    <li className={cn('rounded-2xl bg-slate-50 p-6 shadow-sm', className)}>
      {mark}
      <h3 className={cn('mt-5 font-semibold text-slate-900', largeTitle ? 'text-xl' : 'text-lg')}>{title}</h3>
      <p className="mt-2 text-slate-600">{description}</p>
    </li>
  );
}
