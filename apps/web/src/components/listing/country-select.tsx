import { COUNTRIES, findCountry, type Country } from '@benchmarket/shared';
import { useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { CloseButton } from '@/components/ui/close-button';
import { SolidIcon } from '@/components/ui/icon';
import { CountryFlag, GlobeIcon } from '@/components/country-flag';

interface CountrySelectProps {
  id: string;
  /** The chosen country's name, or '' for none. */
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/** Case- and accent-insensitive form of a name, for matching what people type. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const FOLDED = COUNTRIES.map((country) => ({ country, name: fold(country.name) }));

/** Countries whose name starts with the text first, then those containing it, then an exact code. */
export function filterCountries(query: string): readonly Readonly<Country>[] {
  const text = fold(query);
  if (!text) return COUNTRIES;
  const starts: Readonly<Country>[] = [];
  const contains: Readonly<Country>[] = [];
  for (const { country, name } of FOLDED) {
    if (name.startsWith(text)) starts.push(country);
    else if (name.includes(text) || (text.length === 2 && country.code.toLowerCase() === text)) contains.push(country);
  }
  return [...starts, ...contains];
}

/**
 * The location chooser (spec §3, §5: optional): an editable combobox with list autocomplete
 * (WAI-ARIA APG combobox pattern). Typing filters the countries; ArrowDown/ArrowUp move
 * through the list, Enter chooses, Escape closes; leaving the field keeps a country that was
 * typed in full (or as a code like 'DE' or an alias like 'UK') and otherwise restores the
 * previous choice. Each country shows its flag.
 */
export function CountrySelect({ id, value, onChange, onBlur, name, inputRef, invalid, describedBy, disabled }: CountrySelectProps) {
  const listboxId = useId();
  const optionIdPrefix = useId();
  const [open, setOpen] = useState(false);
  /** What the user is typing; null while they are not editing (the field shows the value). */
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const selected = findCountry(value);
  const options = useMemo(() => filterCountries(query ?? ''), [query]);
  const active = open ? options[activeIndex] : undefined;
  const optionId = (index: number) => `${optionIdPrefix}-option-${String(index)}`;

  const scrollToOption = (index: number) => {
    const option = document.getElementById(optionId(index));
    // Not every environment lays out (or scrolls) elements.
    option?.scrollIntoView?.({ block: 'nearest' });
  };

  const openList = (index: number) => {
    setOpen(true);
    setActiveIndex(index);
    if (index >= 0)
      requestAnimationFrame(() => {
        scrollToOption(index);
      });
  };

  const choose = (country: Readonly<Country> | undefined) => {
    onChange(country?.name ?? '');
    setQuery(null);
    setOpen(false);
    setActiveIndex(-1);
  };

  const move = (step: number) => {
    if (options.length === 0) return;
    if (!open) {
      const current = selected ? options.indexOf(selected) : -1;
      openList(current >= 0 ? current : step > 0 ? 0 : options.length - 1);
      return;
    }
    const next = activeIndex < 0 ? (step > 0 ? 0 : options.length - 1) : (activeIndex + step + options.length) % options.length;
    setActiveIndex(next);
    scrollToOption(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (event.altKey) openList(activeIndex);
        else move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        // Enter chooses the active option instead of submitting the form.
        if (open && active) {
          event.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setQuery(null);
          setActiveIndex(-1);
        }
        break;
      default:
    }
  };

  const onInputBlur = () => {
    if (query !== null) {
      // Keep what was typed when it names one country; '' clears; otherwise restore.
      if (query.trim() === '') choose(undefined);
      else {
        const typed = findCountry(query) ?? (options.length === 1 ? options[0] : undefined);
        if (typed) choose(typed);
        else {
          setQuery(null);
          setOpen(false);
        }
      }
    } else {
      setOpen(false);
    }
    onBlur?.();
  };

  const shown = query ?? selected?.name ?? value;

  return (
    <div className="relative">
      <div
        className={cn(
          'flex items-center rounded-lg border bg-white shadow-sm focus-within:ring-2',
          invalid
            ? 'border-red-500 focus-within:ring-red-500'
            : 'border-slate-300 focus-within:border-teal-600 focus-within:ring-teal-600/40',
          disabled && 'bg-slate-100',
        )}
      >
        {query === null && selected ? <CountryFlag code={selected.code} className="ml-3" /> : <GlobeIcon className="ml-3 size-5" />}
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={active ? optionId(activeIndex) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          placeholder="Type to search countries"
          disabled={disabled}
          value={shown}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            setOpen(true);
            setActiveIndex(filterCountries(text).length > 0 && text.trim() !== '' ? 0 : -1);
          }}
          onClick={() => {
            if (!open) openList(selected ? options.indexOf(selected) : -1);
          }}
          onKeyDown={onKeyDown}
          onBlur={onInputBlur}
          className="min-w-0 flex-1 rounded-lg border-0 bg-transparent px-2 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none sm:text-sm"
        />
        {value && !disabled && (
          <CloseButton
            label="Clear location"
            onClick={() => {
              choose(undefined);
            }}
            className="rounded p-2 text-slate-500 hover:text-slate-800"
          />
        )}
        <button
          type="button"
          tabIndex={-1}
          aria-label="Show countries"
          aria-expanded={open}
          aria-controls={listboxId}
          disabled={disabled}
          // Keep the focus in the input (it owns the keyboard) while the list opens.
          onMouseDown={(event) => {
            event.preventDefault();
          }}
          onClick={() => {
            if (open) setOpen(false);
            else openList(selected ? options.indexOf(selected) : -1);
          }}
          className="rounded-r-lg px-2.5 py-2.5 text-slate-500 hover:text-slate-800"
        >
          <SolidIcon
            className="size-4"
            d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z"
          />
        </button>
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Countries"
        hidden={!open}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {open &&
          options.map((country, index) => (
            <li
              key={country.code}
              id={optionId(index)}
              role="option"
              aria-selected={country.name === selected?.name}
              // A click chooses without taking the focus from the input first.
              onMouseDown={(event) => {
                event.preventDefault();
              }}
              onClick={() => {
                choose(country);
              }}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-base sm:text-sm',
                index === activeIndex ? 'bg-teal-700 text-white' : 'text-slate-800 hover:bg-slate-100',
              )}
            >
              <CountryFlag code={country.code} />
              {country.name}
            </li>
          ))}
        {open && options.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-slate-500">
            No country matches “{query}”
          </li>
        )}
      </ul>
    </div>
  );
}
