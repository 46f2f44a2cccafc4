import { verificationBadge, type BadgeTone, type VerifiableListing } from '@benchmarket/shared';
import { cn } from '@/lib/cn';
import { CHECK_PATH, SolidIcon } from '@/components/ui/icon';

const TONE_CLASSES: Record<BadgeTone, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  danger: 'bg-red-50 text-red-800 ring-red-600/30',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

const EXCLAMATION_CIRCLE_PATH =
  'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 4a1 1 0 0 1 1 1v3a1 1 0 1 1-2 0V7a1 1 0 0 1 1-1Zm0 8.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z';

function ToneIcon({ tone }: { tone: BadgeTone }) {
  return <SolidIcon className="size-4 shrink-0" d={tone === 'success' ? CHECK_PATH : EXCLAMATION_CIRCLE_PATH} />;
}

/** The verification badge of spec §4; its text comes from the shared rule. */
export function VerificationBadge({ listing, className }: { listing: VerifiableListing; className?: string }) {
  const { text, tone } = verificationBadge(listing);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-medium ring-1 ring-inset',
        TONE_CLASSES[tone],
        className,
      )}
    >
      <ToneIcon tone={tone} />
      {text}
    </span>
  );
}

/** spec §4: an unverified listing shows a caution warning. Nothing for a verified one. */
export function UnverifiedCaution({ listing }: { listing: VerifiableListing }) {
  if (!verificationBadge(listing).showCaution) return null;
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <ToneIcon tone="warning" />
      <p className="text-sm">
        <strong className="font-semibold">Caution:</strong> this listing has not been verified yet. Check the equipment&apos;s details and
        condition with the seller before you buy.
      </p>
    </div>
  );
}
