import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { withParams } from './use-page-param';

interface SearchFormProps {
  label: string;
  /** What the list shows now (from the URL). */
  value: string;
  placeholder?: string;
  hint?: string;
  type?: 'search' | 'email';
  onSearch: (text: string) => void;
}

/** A console list's search text, from the URL parameter `param`. */
export function useSearchText(param: string): string {
  const [searchParams] = useSearchParams();
  return searchParams.get(param)?.trim() ?? '';
}

/**
 * A one-field search of a console list: the text goes to the URL parameter `param`, so Back
 * and links keep it, and a new search starts again at page 1.
 */
export function SearchForm({ param, ...props }: Omit<SearchFormProps, 'value' | 'onSearch'> & { param: string }) {
  const value = useSearchText(param);
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <SearchFields
      // A new text in the URL (Back, a link) replaces what was typed.
      key={value}
      {...props}
      value={value}
      onSearch={(text) => {
        void navigate(withParams(pathname, searchParams, { [param]: text, page: null }));
      }}
    />
  );
}

function SearchFields({ label, value, placeholder, hint, type = 'search', onSearch }: SearchFormProps) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="mb-6 flex flex-wrap items-end gap-3">
      <TextField
        label={label}
        type={type === 'email' ? 'text' : 'search'}
        inputMode={type === 'email' ? 'email' : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        placeholder={placeholder}
        hint={hint}
        className="min-w-0 flex-1 basis-64"
      />
      <div className="flex gap-2">
        <Button type="submit">Search</Button>
        {value && (
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
