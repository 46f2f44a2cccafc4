import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

interface AuthFormOptions<Input extends FieldValues, Output extends FieldValues> {
  /** The shared zod schema the API validates the same request with. */
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** Sends the valid values; a returned text is shown as the form's failure. */
  submit: (values: Output) => Promise<string | undefined | void>;
  /** The failure to show when `submit` throws (spec §8); without it, `submit` handles its own failures. */
  errorMessage?: (cause: unknown) => string;
}

/**
 * The react-hook-form setup every auth page shares: validation with the shared schema, the
 * form's one failure message (cleared on each submit), and the submit handler for `<form>`.
 */
export function useAuthForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  submit,
  errorMessage,
}: AuthFormOptions<Input, Output>) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });

  const send = handleSubmit(async (values) => {
    setError(null);
    try {
      const refusal = await submit(values);
      if (refusal) setError(refusal);
    } catch (cause) {
      if (!errorMessage) throw cause;
      setError(errorMessage(cause));
    }
  });

  return {
    register,
    errors,
    isSubmitting,
    error,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      void send(event);
    },
  };
}
