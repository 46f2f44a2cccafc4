import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'label'> & { label?: string };

/** The account email field of the auth forms (a required, email-keyboard, no-spellcheck input). */
export function EmailField({ label = 'Email', ...props }: FieldProps) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" spellCheck={false} aria-required="true" {...props} />;
}

/** A required password field; `autoComplete` says whether it is the current or a new password. */
export function PasswordField({ label = 'Password', ...props }: FieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <TextField label={label} type="password" aria-required="true" {...props} />;
}

type NewPassword = { password: string; confirm_password: string };

/** A new password and its confirmation (register, reset password). */
export function NewPasswordFields({
  label,
  register,
  errors,
}: {
  label: string;
  /** The form's `register`: the fields register themselves as `password` and `confirm_password`. */
  register: (name: keyof NewPassword) => UseFormRegisterReturn;
  errors: FieldErrors<NewPassword>;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
    </>
  );
}

interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text. */
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}

/** An auth page's form: its fields, then the full-width submit button (busy while `pending`). */
export function AuthForm({ onSubmit, submitLabel, pending, children }: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {children}
      <Button type="submit" block pending={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
