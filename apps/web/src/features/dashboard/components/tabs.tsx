import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  /** Read after the name by assistive technology (e.g. '2 unread'); the name stays the label. */
  description?: string;
}

interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's content; the other panels stay empty (and hidden). */
  children: ReactNode;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop (the selected tab),
 * arrow keys move to and select the previous/next tab (wrapping), Home/End the first/last.
 * https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;

  /**
   * Counted from the focused tab, not from `selected`: the router commits the new selection
   * asynchronously, so a second arrow key pressed before it lands would otherwise start again
   * from the old tab (and two quick ArrowRights would only move one step).
   */
  const focusedIndex = (target: EventTarget) => {
    const index = tabs.findIndex((tab) => tabRefs.current.get(tab.id) === target);
    return index === -1 ? tabs.findIndex((tab) => tab.id === selected) : index;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = focusedIndex(event.target);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const target = next === null ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        // Issue 18: on a phone the tabs wrap onto a second line rather than hide off the edge.
        className="flex flex-wrap gap-x-1 border-b border-slate-200"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              aria-describedby={tab.description ? `${tabId(tab.id)}-description` : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                onSelect(tab.id);
              }}
              className={cn(
                '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-offset-[-2px]',
                isSelected
                  ? 'border-teal-700 text-teal-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {/* Outside the tablist and the tabs: referenced by aria-describedby, never part of a name. */}
      {tabs.map(
        (tab) =>
          tab.description && (
            <span key={tab.id} id={`${tabId(tab.id)}-description`} hidden>
              {tab.description}
            </span>
          ),
      )}
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="pt-6 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {tab.id === selected && children}
        </div>
      ))}
    </div>
  );
}
