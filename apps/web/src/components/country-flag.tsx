import { cn } from '@/lib/cn';
import { OutlineIcon } from '@/components/ui/icon';

/**
 * Issue 18: a country's flag as an image (country-flag-icons' 3:2 SVGs). Flag emoji show as
 * two letters or an empty box where the system has no emoji flag font (Windows, most Linux
 * desktops). Each flag is its own file, fetched only where one is drawn.
 */
const FLAG_FILES = import.meta.glob<string>('@flags/*.svg', { eager: true, query: '?url', import: 'default' });

/** 'DE' → the URL of its flag file. */
const FLAG_URLS = new Map(Object.entries(FLAG_FILES).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -'.svg'.length), url]));

interface CountryFlagProps {
  /** ISO 3166-1 alpha-2 code; a code without a flag draws nothing. */
  code: string;
  className?: string;
}

/** The flag of a country, decorative: its name always stands beside it. */
export function CountryFlag({ code, className }: CountryFlagProps) {
  const src = FLAG_URLS.get(code.toUpperCase());
  if (src === undefined) return null;
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      width={21}
      height={14}
      loading="lazy"
      decoding="async"
      data-country-flag={code.toUpperCase()}
      className={cn('inline-block h-3.5 w-[21px] shrink-0 rounded-[2px] object-cover ring-1 ring-slate-900/10', className)}
    />
  );
}

/** Where no country is known (or chosen yet): a globe, drawn, as the 🌐 emoji is a box without an emoji font. */
export function GlobeIcon({ className }: { className?: string }) {
  return (
    <OutlineIcon className={cn('size-4 shrink-0 text-slate-500', className)} strokeWidth={1.6}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9s1.3-6.3 3.8-9z" />
    </OutlineIcon>
  );
}
