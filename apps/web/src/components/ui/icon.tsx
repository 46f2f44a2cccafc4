import type { SVGProps } from 'react';

/**
 * Decorative icons. They are always aria-hidden: the text or the button beside them carries
 * the meaning.
 */

/** An outline icon: 24×24 unless a viewBox is given, stroked in currentColor with round ends. */
export function OutlineIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    />
  );
}

/** A solid icon: one even-odd path `d` on a 20×20 grid, filled with currentColor. */
export function SolidIcon({ d, className }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path fillRule="evenodd" d={d} clipRule="evenodd" />
    </svg>
  );
}

/** A check mark (verified). */
export const CHECK_PATH = 'M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z';

/** The sparkle that marks what the AI wrote or ranked. */
export function SparkleIcon({ className }: { className: string }) {
  return <SolidIcon className={className} d="M10 1.5 11.9 7l5.6 1.9-5.6 1.9L10 16.5l-1.9-5.7L2.5 8.9 8.1 7 10 1.5Z" />;
}
