import { OutlineIcon } from './icon';

/** The '×' of close, clear and remove buttons (decorative: the button carries the name). */
export function CloseIcon({ className = 'size-4', strokeWidth = 2 }: { className?: string; strokeWidth?: number }) {
  return (
    <OutlineIcon viewBox="0 0 20 20" className={className} strokeWidth={strokeWidth}>
      <path d="M5 5l10 10M15 5L5 15" />
    </OutlineIcon>
  );
}

interface CloseButtonProps {
  /** The button's accessible name ('Close', 'Remove photo 2', …): it shows only the icon. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
  /** The icon's size and stroke. */
  iconClassName?: string;
  strokeWidth?: number;
}

/** An icon-only button that closes, clears or removes something. */
export function CloseButton({ label, onClick, disabled, className, iconClassName, strokeWidth }: CloseButtonProps) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-label={label} className={className}>
      <CloseIcon className={iconClassName} strokeWidth={strokeWidth} />
    </button>
  );
}
