import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

interface SearchFormProps {
  label: string;
  /** What the list shows now (from the URL). */
  value: string;
  placeholder?: string;
  hint?: string;
  type?: 'search' | 'email';
  onSearch: (text: string) => void;
}

/** A one-field search of a console list: the text goes to the URL, so Back and links keep it. */
export function SearchForm({ label, value, placeholder, hint, type = 'search', onSearch }: SearchFormProps) {
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
