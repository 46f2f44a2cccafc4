import type { ReactNode, SVGProps } from 'react';
import { OutlineIcon } from '@/components/ui/icon';

/** A landing page outline icon of these shapes: a finer stroke than elsewhere, unless it says. */
function landingIcon(shapes: ReactNode, strokeWidth = 1.75) {
  return function LandingIcon(props: SVGProps<SVGSVGElement>) {
    return (
      <OutlineIcon strokeWidth={strokeWidth} {...props}>
        {shapes}
      </OutlineIcon>
    );
  };
}

export const SparklesIcon = landingIcon(
  <>
    <path d="M9.5 3.5 11 8l4.5 1.5L11 11l-1.5 4.5L8 11 3.5 9.5 8 8z" />
    <path d="M17.5 13.5 18.25 16l2.25.75-2.25.75-.75 2.5-.75-2.5L14.5 16.75l2.25-.75z" />
  </>,
);

export const ShieldCheckIcon = landingIcon(
  <>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6z" />
    <path d="m8.75 12 2.25 2.25 4.25-4.5" />
  </>,
);

export const ChatIcon = landingIcon(
  <>
    <path d="M20 11.5a7.5 7.5 0 0 1-10.9 6.7L4 19.5l1.3-4.4A7.5 7.5 0 1 1 20 11.5z" />
    <path d="M8.5 11.5h.01M12 11.5h.01M15.5 11.5h.01" strokeWidth={2.5} />
  </>,
);

export const SearchIcon = landingIcon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.4-4.4" />
  </>,
);

export const CompareIcon = landingIcon(
  <>
    <rect x="3.5" y="4.5" width="7" height="15" rx="1.5" />
    <rect x="13.5" y="4.5" width="7" height="15" rx="1.5" />
    <path d="M6 9h2M16 9h2M6 12.5h2M16 12.5h2" />
  </>,
);

export const LockIcon = landingIcon(
  <>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
  </>,
);

export const CheckIcon = landingIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />, 2.25);

export const ArrowRightIcon = landingIcon(<path d="M5 12h14M13 6l6 6-6 6" />, 2);
