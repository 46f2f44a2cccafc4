import { conditionLabel } from '@benchmarket/shared';
import { cn } from '@/lib/cn';

/** The condition of a listing by its label (spec §3), e.g. 'Certified Refurbished'. */
export function ConditionBadge({ condition, className }: { condition: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-sky-50 px-2.5 py-1 text-sm font-medium text-sky-800 ring-1 ring-sky-600/30 ring-inset',
        className,
      )}
    >
      <span className="sr-only">Condition: </span>
      {conditionLabel(condition)}
    </span>
  );
}
