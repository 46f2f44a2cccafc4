import { ADMIN_REASON_REQUIRED } from '@benchmarket/shared';
import type { z } from 'zod';
import { useCheckedForm, type CheckedFormOptions } from '@/components/ui/use-checked-form';
import { useFailure } from './use-failure';

type ConsoleFormOptions<Values extends Record<string, string>, Output> = Pick<CheckedFormOptions<Values>, 'initial' | 'fieldOrder'> & {
  schema: z.ZodType<Output>;
};

/**
 * A console form: its fields checked with the shared schema (any missing field, the reason
 * above all, gets the one 'required' text; a mark goes as soon as the field is edited), and a
 * submit whose refusal shows the API's detail (`failure.alert`).
 */
export function useConsoleForm<Values extends Record<string, string>, Output>(options: ConsoleFormOptions<Values, Output>) {
  const form = useCheckedForm<Values, Output>({ ...options, requiredMessage: ADMIN_REASON_REQUIRED, clearMarkOnEdit: true });
  const failure = useFailure();

  /** `send` gets the checked request; when it throws, the refusal is shown and `onFailure` runs. */
  const submitWith = (send: (request: Output) => Promise<void>, { pending, onFailure }: { pending: boolean; onFailure?: () => void }) =>
    form.submitWith(
      async (request) => {
        try {
          await send(request);
        } catch (cause) {
          failure.show(cause);
          onFailure?.();
        }
      },
      { pending, reset: failure.clear },
    );

  return { ...form, failure, submitWith };
}
