import { FORGOT_PASSWORD_NEUTRAL, ForgotPasswordRequestSchema, RESET_LINK_HOURS } from '@benchmarket/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AuthForm, EmailField } from '../components/auth-fields';
import { useAuthForm } from '../lib/use-auth-form';
import { LinkButton } from '@/components/ui/button';

const DOCUMENT_TITLE = 'Forgot password';

/**
 * /forgot-password (spec §2, §5, §8): an email form that always ends in the same neutral
 * confirmation, whether the address has an account, the call failed or was rate-limited —
 * so the page never tells who has an account.
 */
export default function ForgotPasswordRoute() {
  const [sent, setSent] = useState(false);
  const { mutateAsync: requestReset } = useForgotPassword();

  const { register, errors, isSubmitting, onSubmit } = useAuthForm({
    schema: ForgotPasswordRequestSchema,
    defaultValues: { email: '' },
    submit: async (values) => {
      try {
        await requestReset(values);
      } catch {
        // spec §8: every failure still shows the neutral confirmation.
      }
      setSent(true);
    },
  });

  if (sent) {
    return (
      <AuthCard title="Check your email" documentTitle={DOCUMENT_TITLE} focusHeading>
        <div className="space-y-6">
          <p role="status" className="text-slate-700">
            {FORGOT_PASSWORD_NEUTRAL}
          </p>
          <p className="text-sm text-slate-500">
            The link is valid for {RESET_LINK_HOURS === 1 ? 'one hour' : `${String(RESET_LINK_HOURS)} hours`} and works once. No email?
            Check your spam folder.
          </p>
          <LinkButton to="/login" block>
            Back to Login
          </LinkButton>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password"
      documentTitle={DOCUMENT_TITLE}
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className={authLinkClass}>
            Back to Login
          </Link>
        </p>
      }
    >
      <AuthForm onSubmit={onSubmit} submitLabel="Send Reset Link" pending={isSubmitting}>
        <EmailField error={errors.email?.message} {...register('email')} />
      </AuthForm>
    </AuthCard>
  );
}
