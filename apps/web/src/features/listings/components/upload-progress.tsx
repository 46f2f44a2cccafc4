import { useId } from 'react';

/** Determinate progress of a photo (or document) upload: one step per file (spec §4 create flow). */
export function UploadProgress({ uploaded, total, noun = 'photo' }: { uploaded: number; total: number; noun?: string }) {
  const labelId = useId();
  const current = Math.min(uploaded + 1, total);
  return (
    <div role="status" className="space-y-2 rounded-lg border border-teal-200 bg-teal-50 px-4 py-3">
      <p id={labelId} className="text-sm font-medium text-teal-900">
        Uploading {noun} {current} of {total}…
      </p>
      <progress
        aria-labelledby={labelId}
        value={uploaded}
        max={total}
        className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-teal-700 [&::-webkit-progress-bar]:bg-teal-100 [&::-webkit-progress-value]:bg-teal-700"
      />
    </div>
  );
}
