import { REGISTER_ERROR, REGISTER_FAILED, RegisterFormSchema, VERIFICATION_LINK_HOURS } from '@benchmarket/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { appConfigLoader } from '@/lib/app-config';
import { answerDetail } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { GoogleSignIn } from '../components/google-sign-in';
import { AuthForm, EmailField, NewPasswordFields } from '../components/auth-fields';
import { returnPathFrom } from '../lib/return-path';
import { useAuthForm } from '../lib/use-auth-form';
import { LinkButton } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

/** Starts loading the settings (is Google sign-in on?) together with the page's code. */
export const clientLoader = appConfigLoader;

/** The message of a failed registration (spec §8). */
export function registerErrorMessage(error: unknown): string {
  return answerDetail(error, REGISTER_FAILED, REGISTER_ERROR);
}

/**
 * /register (spec §2): email, password and confirm password, plus Google sign-in. After
 * success a view says a verification email was sent and the link is valid for 48 hours.
 */
export default function RegisterRoute() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  if (registeredEmail) return <VerificationSent email={registeredEmail} />;
  return <RegisterForm onRegistered={setRegisteredEmail} />;
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { mutateAsync: createAccount } = useRegister();
  const { register, errors, isSubmitting, error, onSubmit } = useAuthForm({
    schema: RegisterFormSchema,
    defaultValues: { email: '', password: '', confirm_password: '' },
    submit: async ({ email, password }) => {
      await createAccount({ email, password });
      onRegistered(email);
    },
    errorMessage: registerErrorMessage,
  });

  return (
    <AuthCard
      title="Register"
      documentTitle="Create an account"
      description="Create an account to list your equipment and contact sellers."
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className={authLinkClass}>
            Log in
          </Link>
        </p>
      }
    >
      <div className="space-y-5">
        {error && <Alert>{error}</Alert>}
        <AuthForm onSubmit={onSubmit} submitLabel="Register" pending={isSubmitting}>
          <EmailField error={errors.email?.message} {...register('email')} />
          <NewPasswordFields label="Password" register={register} errors={errors} />
        </AuthForm>
        <GoogleSignIn
          text="signup_with"
          onSignedIn={() => {
            void navigate(returnPathFrom(location.state, location.search), { replace: true });
          }}
        />
      </div>
    </AuthCard>
  );
}

/** spec §2: after registering, a view says a verification email was sent (valid 48 hours). */
function VerificationSent({ email }: { email: string }) {
  return (
    <AuthCard title="Check your email" documentTitle="Verify your email" focusHeading>
      <div className="space-y-4 text-slate-700">
        <p role="status">
          We&apos;ve sent a verification email to <strong className="wrap-anywhere text-slate-900">{email}</strong>.
        </p>
        <p>Open it and follow the link to verify your account. The link is valid for {VERIFICATION_LINK_HOURS} hours.</p>
        <p className="text-sm text-slate-500">
          No email after a few minutes? Check your spam folder. Once you are logged in you can ask for a new link.
        </p>
        <LinkButton to="/login" block>
          Go to Login
        </LinkButton>
      </div>
    </AuthCard>
  );
}
