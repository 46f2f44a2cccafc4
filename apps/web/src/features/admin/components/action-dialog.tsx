import { ADMIN_REASON_MAX_LENGTH } from '@benchmarket/shared';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-field';
import type { ReasonFormValues } from '../form-schemas';
import { useConsoleForm } from './use-console-form';

/** What `useCheckedForm`'s `fieldProps(name)` gives a control: name, value, change, invalid mark, description. */
export interface FieldProps {
  name: string;
  value: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface ActionDialogProps<Values extends Record<string, string>, Output> {
  title: string;
  /** What the action does and who is told (the dialog's description). */
  description?: ReactNode;
  submitLabel: string;
  variant?: 'primary' | 'danger';
  /** The form's schema: the shared one the API validates the request with (or built from it). */
  schema: z.ZodType<Output>;
  initial: Values;
  /** The fields in the order of the form: a refused form moves the focus to the first to fix. */
  fieldOrder: readonly (keyof Values & string)[];
  /** Sends the checked request; a rejection shows the API's detail in the dialog. */
  onSubmit: (request: Output) => Promise<unknown>;
  /** The headline of a failed action ('The listing could not be rejected.'). */
  failedTitle: string;
  onClose: () => void;
  /** The fields, wired by name. */
  children: (fieldProps: (field: keyof Values & string) => FieldProps) => ReactNode;
}

/**
 * A console action in a modal form: its fields (always a reason, kept in the audit log) are
 * checked with the shared schema (the first to fix gets the focus), the submit shows a pending
 * state, and a refusal shows the API's detail with the focus on it. The caller closes the
 * dialog when `onSubmit` resolves and shows its success message.
 */
export function ActionDialog<Values extends Record<string, string>, Output>({
  title,
  description,
  submitLabel,
  variant = 'primary',
  schema,
  initial,
  fieldOrder,
  onSubmit,
  failedTitle,
  onClose,
  children,
}: ActionDialogProps<Values, Output>) {
  const { error, errorId, formRef, submitWith, fieldProps, failure } = useConsoleForm<Values, Output>({ schema, initial, fieldOrder });
  const [pending, setPending] = useState(false);
  const submit = submitWith(
    async (request) => {
      setPending(true);
      await onSubmit(request);
    },
    {
      pending,
      onFailure: () => {
        setPending(false);
      },
    },
  );

  return (
    <Dialog title={title} description={description} onClose={onClose} busy={pending}>
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
        {children(fieldProps)}
        {error && (
          <Alert id={errorId} className="mt-2">
            {error}
          </Alert>
        )}
        {failure.alert(failedTitle)}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant={variant} pending={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The reason every console action records (the audit log; mails quote it where the action mails someone). */
export function ReasonField({
  optional = false,
  hint = 'Kept in the audit log.',
  ...props
}: FieldProps & { optional?: boolean; hint?: string }) {
  return (
    <TextAreaField
      label={
        optional ? (
          <>
            Reason <span className="font-normal text-slate-600">(optional)</span>
          </>
        ) : (
          'Reason'
        )
      }
      hint={hint}
      rows={3}
      required={!optional}
      maxLength={ADMIN_REASON_MAX_LENGTH}
      announceError={false}
      {...props}
    />
  );
}

const REASON_FIELDS = ['reason'] as const;
const EMPTY_REASON: ReasonFormValues = { reason: '' };

type ReasonDialogProps<Output> = Omit<
  ActionDialogProps<ReasonFormValues, Output>,
  'initial' | 'fieldOrder' | 'children' | 'submitLabel' | 'onSubmit'
> & {
  /** Approving and featuring take a reason but do not need one. */
  optional?: boolean;
  /** Who reads the reason besides the audit log ('The seller receives it by email…'). */
  hint?: string;
  /** Sends the action with the checked reason; a rejection shows the API's detail in the dialog. */
  send: (request: Output) => Promise<unknown>;
  /** The success message, shown once the action is done and the dialog closed. */
  doneMessage: string;
  onDone: (message: string) => void;
};

/**
 * A console action whose one field is its reason (suspend, take down, reject…). Its submit
 * button repeats the title ('Suspend account'); once `send` resolves it closes and reports.
 */
export function ReasonDialog<Output>({ optional, hint, send, doneMessage, onDone, ...props }: ReasonDialogProps<Output>) {
  const finish = async (request: Output) => {
    await send(request);
    props.onClose();
    onDone(doneMessage);
  };
  return (
    <ActionDialog {...props} submitLabel={props.title} onSubmit={finish} initial={EMPTY_REASON} fieldOrder={REASON_FIELDS}>
      {(field) => <ReasonField optional={optional} hint={hint} {...field('reason')} />}
    </ActionDialog>
  );
}
