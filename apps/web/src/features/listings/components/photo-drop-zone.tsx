import { DROP_IMAGES_ONLY, MAX_PHOTO_BYTES, MAX_PHOTOS_PER_LISTING, PHOTO_TOO_LARGE, tooManyPhotos } from '@benchmarket/shared';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { RemovePhotoButton } from './remove-photo-button';
import { OutlineIcon } from '@/components/ui/icon';

/** A photo waiting to be uploaded, with a stable key for the list. */
export interface QueuedPhoto {
  id: string;
  file: File;
}

let nextPhotoId = 0;
function queuePhotos(files: readonly File[]): QueuedPhoto[] {
  return files.map((file) => {
    nextPhotoId += 1;
    return { id: `queued-photo-${String(nextPhotoId)}`, file };
  });
}

/**
 * Why a set of files cannot join the queue, or null when it can (spec §5: images only, at
 * most 5 photos per listing, counting the ones it already has). All or nothing, so the
 * message always describes what happened.
 */
function photoQueueProblem(files: readonly File[], currentCount: number): string | null {
  if (files.some((file) => !file.type.startsWith('image/'))) return DROP_IMAGES_ONLY;
  if (currentCount + files.length > MAX_PHOTOS_PER_LISTING) return tooManyPhotos(currentCount);
  if (files.some((file) => file.size > MAX_PHOTO_BYTES)) return PHOTO_TOO_LARGE;
  return null;
}

interface PhotoDropZoneProps {
  queue: readonly QueuedPhoto[];
  onQueueChange: (queue: QueuedPhoto[]) => void;
  /** Photos the listing already has (edit page); they count towards the limit of 5. */
  existingCount?: number;
  disabled?: boolean;
}

/** Shows a queued file from an object URL, released again when the preview goes away. */
function QueuedPreview({ file }: { file: File }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => {
        URL.revokeObjectURL(url);
      };
    },
    [file],
  );
  return (
    <img
      ref={attach}
      alt={`Preview of ${file.name}`}
      width={112}
      height={112}
      loading="lazy"
      decoding="async"
      className="size-28 rounded-lg bg-slate-100 object-cover"
    />
  );
}

/**
 * Photos for a listing: drop image files on the zone or pick them with the 'browse' file
 * input (a real input, so keyboards, screen readers and phone cameras work), see previews,
 * remove any before upload.
 */
export function PhotoDropZone({ queue, onQueueChange, existingCount = 0, disabled = false }: PhotoDropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const currentCount = existingCount + queue.length;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Where the focus goes once a removed photo's button is gone: the photo now at this index. */
  const focusAfterRemoval = useRef<number | null>(null);

  // A removed photo takes its Remove button (which had the focus) with it: the focus moves to
  // the next photo's button, or the last one's, or to 'browse' when none is left.
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? inputRef.current)?.focus();
  }, [queue]);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const issue = photoQueueProblem(files, currentCount);
    setProblem(issue);
    if (!issue) onQueueChange([...queue, ...queuePhotos(files)]);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    add(Array.from(event.dataTransfer.files));
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.target.files ?? []));
    // Let the same file be picked again after it was removed.
    event.target.value = '';
  };

  // Chromium opens a file input with Space only; 'browse' reads as a link, so Enter opens it too
  // (showPicker: Chromium ignores click() on the input from its own keydown).
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || disabled) return;
    event.preventDefault();
    const input = event.currentTarget;
    try {
      input.showPicker();
    } catch {
      // No showPicker (older browsers, jsdom) or not allowed here: the classic way.
      input.click();
    }
  };

  const remove = (id: string) => {
    setProblem(null);
    focusAfterRemoval.current = queue.findIndex((photo) => photo.id === id);
    onQueueChange(queue.filter((photo) => photo.id !== id));
  };

  return (
    <div className="space-y-3">
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        role="group"
        aria-label="Photo drop zone"
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging ? 'border-teal-600 bg-teal-50' : 'border-slate-300 bg-white',
          disabled && 'opacity-60',
        )}
      >
        <OutlineIcon className="size-10 text-slate-400" strokeWidth={1.5}>
          <path d="M4 16.5V18a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-1.5M12 4v11m0-11L8 8m4-4 4 4" />
        </OutlineIcon>
        <p className="text-sm text-slate-700">
          Drag and drop photos here, or{' '}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            disabled={disabled}
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
            onChange={onPick}
            onKeyDown={onInputKeyDown}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className={cn(
              'cursor-pointer rounded font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-800',
              'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600',
              disabled && 'cursor-not-allowed text-slate-500 no-underline',
            )}
          >
            browse
          </label>
        </p>
        <p id={hintId} className="text-xs text-slate-500">
          Images only, up to {MAX_PHOTOS_PER_LISTING} photos ({currentCount} of {MAX_PHOTOS_PER_LISTING} used).
        </p>
      </div>

      {problem && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}

      {queue.length > 0 && (
        <ul ref={listRef} aria-label="Photos to upload" className="flex flex-wrap gap-3">
          {queue.map((photo) => (
            <li key={photo.id} className="relative">
              <QueuedPreview file={photo.file} />
              <RemovePhotoButton
                label={`Remove ${photo.file.name}`}
                onClick={() => {
                  remove(photo.id);
                }}
                disabled={disabled}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
