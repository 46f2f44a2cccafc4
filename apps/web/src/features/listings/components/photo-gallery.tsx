import { useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Lightbox, photoAlt } from './lightbox';

interface PhotoGalleryProps {
  title: string;
  /** Full-size photo URLs. */
  photos: readonly string[];
  /** Thumbnail URLs in the same order (the full photo is used where one is missing). */
  thumbnails: readonly string[];
}

/**
 * The photos of a listing: the first one large, the others as thumbnails. Any of them opens
 * the lightbox on click or Enter (they are buttons).
 */
export function PhotoGallery({ title, photos, thumbnails }: PhotoGalleryProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const count = photos.length;

  if (count === 0) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-100 text-slate-600">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth={1.5}>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="8.5" cy="10" r="1.5" />
          <path d="m21 16-5-5-8 8" />
        </svg>
        <p className="text-sm">No photos yet</p>
      </div>
    );
  }

  const open = (index: number) => {
    setOpener(buttons.current[index] ?? null);
    setOpenIndex(index);
  };

  const [first, ...rest] = photos;
  const buttonClass = 'group block w-full overflow-hidden rounded-xl bg-slate-100 focus-visible:outline-offset-4';

  return (
    <div className="space-y-3">
      <button
        ref={(element) => {
          buttons.current[0] = element;
        }}
        type="button"
        onClick={() => {
          open(0);
        }}
        aria-label={`Open photo 1 of ${String(count)} in the photo viewer`}
        className={buttonClass}
      >
        {/* The first photo is the page's largest image: loaded at once, not lazily. */}
        <img
          src={first}
          alt={photoAlt(title, 0, count)}
          width={1200}
          height={900}
          fetchPriority="high"
          className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
        />
      </button>
      {rest.length > 0 && (
        <ul className="grid grid-cols-4 gap-2 sm:gap-3" aria-label="More photos">
          {rest.map((photo, offset) => {
            const index = offset + 1;
            return (
              <li key={`${photo}-${String(index)}`}>
                <button
                  ref={(element) => {
                    buttons.current[index] = element;
                  }}
                  type="button"
                  onClick={() => {
                    open(index);
                  }}
                  aria-label={`Open photo ${String(index + 1)} of ${String(count)} in the photo viewer`}
                  className={cn(buttonClass, 'rounded-lg')}
                >
                  <img
                    src={thumbnails[index] ?? photo}
                    alt={photoAlt(title, index, count)}
                    width={240}
                    height={180}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {openIndex !== null && (
        <Lightbox
          photos={photos}
          index={openIndex}
          title={title}
          onIndexChange={setOpenIndex}
          onClose={() => {
            setOpenIndex(null);
          }}
          returnFocusTo={opener}
        />
      )}
    </div>
  );
}
