import { CloseButton } from '@/components/ui/close-button';

/** The round '×' on a photo's corner that removes it from the listing form. */
export function RemovePhotoButton(props: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <CloseButton
      {...props}
      className="absolute -top-2 -right-2 flex size-8 items-center justify-center rounded-full bg-slate-900 text-white shadow hover:bg-red-700 disabled:opacity-50"
      strokeWidth={2.5}
    />
  );
}
