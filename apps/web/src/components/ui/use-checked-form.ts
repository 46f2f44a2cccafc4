import { useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

export interface CheckedFormOptions<Values extends Record<string, string>> {
  /** The shared zod schema the API validates the same request with. */
  schema: z.ZodType;
  initial: Values;
  /** The fields in the order of the form: a refused form moves the focus to the first to fix. */
  fieldOrder: readonly (keyof Values & string)[];
  /** The one text for any missing field (shown instead of the first problem when it is among them). */
  requiredMessage: string;
  /** Editing a field clears its invalid mark (true) or keeps it until the next submit. */
  clearMarkOnEdit?: boolean;
  /** Called on every edit (e.g. to hide an earlier 'sent' confirmation). */
  onEdit?: () => void;
}

/**
 * The building block of the small forms that validate with a shared zod schema without
 * react-hook-form (contact, support: their chunks stay small). It holds the values, parses
 * them on submit, marks the invalid fields (`aria-invalid`), keeps the message to show and
 * moves the keyboard to the first field to fix (docs/accessibility.md). Fields are found by
 * their `name`, so each input's `name` is its field.
 */
export function useCheckedForm<Values extends Record<string, string>, Output>({
  schema,
  initial,
  fieldOrder,
  requiredMessage,
  clearMarkOnEdit = false,
  onEdit,
}: CheckedFormOptions<Values> & { schema: z.ZodType<Output> }) {
  type Field = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [invalid, setInvalid] = useState<ReadonlySet<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** The id of the form's message (give it to the Alert that shows `error`). */
  const errorId = useId();

  const update = (field: Field) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    onEdit?.();
    if (clearMarkOnEdit && invalid.has(field)) {
      setInvalid((current) => new Set([...current].filter((name) => name !== field)));
    }
  };

  /** The checked request, or null after marking what to fix. */
  const check = (event: FormEvent<HTMLFormElement>): Output | null => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0] as Field));
      const messages = parsed.error.issues.map((issue) => issue.message);
      setInvalid(fields);
      // One text for any missing field; otherwise the first problem (e.g. a bad email).
      setError(messages.includes(requiredMessage) ? requiredMessage : (messages[0] ?? requiredMessage));
      const first = fieldOrder.find((field) => fields.has(field)) ?? fieldOrder[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return null;
    }
    setInvalid(new Set());
    setError(null);
    return parsed.data;
  };

  /**
   * The form's submit: ignored while the last request is `pending` (a double click sends once);
   * otherwise `reset` clears the last outcome, and a request that passes the check goes to `send`.
   */
  const submitWith =
    (send: (request: Output) => Promise<void>, { pending, reset }: { pending: boolean; reset?: () => void }) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (pending) return;
      reset?.();
      const request = check(event);
      if (request !== null) void send(request);
    };

  /** The props that tie an input to its field: name, value, change, invalid mark, and the message describing it. */
  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: update(field),
    'aria-invalid': invalid.has(field) || undefined,
    'aria-describedby': invalid.has(field) && error ? errorId : undefined,
  });

  return { values, setValues, invalid, error, setError, errorId, formRef, update, check, submitWith, fieldProps };
}
