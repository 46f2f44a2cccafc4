import { useEffect, useRef } from 'react';
import { RemovePhotoButton } from './remove-photo-button';

interface ExistingPhotosProps {
  title: string;
  /** Thumbnail (or photo) URLs, in the listing's order. */
  photos: readonly string[];
  onRemove: (index: number) => void;
  /** While a removal runs: indices shift after each one, so one at a time. */
  disabled?: boolean;
}

/** The photos a listing already has, each with a Remove button (edit page). */
export function ExistingPhotos({ title, photos, onRemove, disabled = false }: ExistingPhotosProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  /** The index of the photo being removed, while its removal runs. */
  const removing = useRef<number | null>(null);

  // The Remove button loses the focus while the removal runs (disabled) and then goes with its
  // photo: once done, the focus moves to the photo now at that index (the next one), the last
  // one, or the 'no photos' text. After a failed removal it goes back to the same button.
  useEffect(() => {
    const index = removing.current;
    if (index === null || disabled) return;
    removing.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? emptyRef.current)?.focus();
  }, [photos.length, disabled]);

  if (photos.length === 0) {
    return (
      <p ref={emptyRef} tabIndex={-1} className="text-sm text-slate-500">
        This listing has no photos yet.
      </p>
    );
  }
  return (
    <ul ref={listRef} aria-label="Current photos" className="flex flex-wrap gap-3">
      {photos.map((src, index) => (
        <li key={`${src}-${String(index)}`} className="relative">
          <img
            src={src}
            alt={`${title} — photo ${String(index + 1)} of ${String(photos.length)}`}
            width={112}
            height={112}
            loading="lazy"
            decoding="async"
            className="size-28 rounded-lg bg-slate-100 object-cover"
          />
          <RemovePhotoButton
            label={`Remove photo ${String(index + 1)}`}
            onClick={() => {
              removing.current = index;
              onRemove(index);
            }}
            disabled={disabled}
          />
        </li>
      ))}
    </ul>
  );
}
