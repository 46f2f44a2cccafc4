import { RESET_ERROR, RESET_FAILED, RESET_NO_TOKEN, ResetPasswordFormSchema } from '@benchmarket/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { answerDetail } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { AuthForm, NewPasswordFields } from '../components/auth-fields';
import { useAuthForm } from '../lib/use-auth-form';
import { Alert } from '@/components/ui/alert';

const TITLE = 'Reset Password';
const DOCUMENT_TITLE = 'Reset password';

/** Ours: shown on /login after a successful reset (the spec's banner from navigation state). */
export const PASSWORD_RESET_SUCCESS = 'Your password has been reset. You can now log in.';

/** The message of a failed reset (spec §8). */
export function resetErrorMessage(error: unknown): string {
  return answerDetail(error, RESET_FAILED, RESET_ERROR);
}

function RequestNewLink() {
  return (
    <p className="text-sm text-slate-600">
      <Link to="/forgot-password" className={authLinkClass}>
        Request a new reset link
      </Link>
    </p>
  );
}

/**
 * /reset-password?token=… (spec §2, §5): new password and confirm password. Success goes to
 * /login with a success banner.
 */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();

  if (!token) {
    return (
      <AuthCard title={TITLE} documentTitle={DOCUMENT_TITLE}>
        <div className="space-y-5">
          <Alert>{RESET_NO_TOKEN}</Alert>
          <RequestNewLink />
        </div>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { mutateAsync: reset } = useResetPassword();
  const { register, errors, isSubmitting, error, onSubmit } = useAuthForm({
    schema: ResetPasswordFormSchema,
    defaultValues: { password: '', confirm_password: '' },
    submit: async ({ password }) => {
      await reset({ token, password });
      await navigate('/login', { replace: true, state: { message: PASSWORD_RESET_SUCCESS } });
    },
    errorMessage: resetErrorMessage,
  });

  return (
    <AuthCard title={TITLE} documentTitle={DOCUMENT_TITLE} description="Choose a new password for your account.">
      <div className="space-y-5">
        {error && (
          <div className="space-y-3">
            <Alert>{error}</Alert>
            <RequestNewLink />
          </div>
        )}
        <AuthForm onSubmit={onSubmit} submitLabel="Reset Password" pending={isSubmitting}>
          <NewPasswordFields label="New Password" register={register} errors={errors} />
        </AuthForm>
      </div>
    </AuthCard>
  );
}
