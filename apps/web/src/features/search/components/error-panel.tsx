interface ErrorPanelProps {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load (spec §8 texts), with a way to try again. */
export function ErrorPanel({ message, onRetry, retrying = false }: ErrorPanelProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center sm:justify-between">
      <p className="font-medium">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="inline-flex shrink-0 items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-900 hover:bg-red-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-70"
      >
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
