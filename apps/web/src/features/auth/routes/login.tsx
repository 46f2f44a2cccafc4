import { LOGIN_ERROR, LOGIN_FAILED, LoginRequestSchema } from '@benchmarket/shared';
import { Link, useLocation, useNavigate } from 'react-router';
import { appConfigLoader } from '@/lib/app-config';
import { answerDetail } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { GoogleSignIn } from '../components/google-sign-in';
import { AuthForm, EmailField, PasswordField } from '../components/auth-fields';
import { messageFrom, returnPathFrom } from '../lib/return-path';
import { useAuthForm } from '../lib/use-auth-form';
import { useAuth } from '@/lib/session/use-auth';
import { Alert } from '@/components/ui/alert';

/** Starts loading the settings (is Google sign-in on?) together with the page's code. */
export const clientLoader = appConfigLoader;

/** The message of a failed login (spec §8). */
export function loginErrorMessage(error: unknown): string {
  return answerDetail(error, LOGIN_FAILED, LOGIN_ERROR);
}

/**
 * /login (spec §2): email and password, 'Forgot password?', Google sign-in and a link to
 * register; a success banner when navigation state carries a message. On success the token
 * is stored, the session checked, and the user goes to / or to the page that sent them here.
 */
export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { setToken } = useAuth();
  const { mutateAsync: logIn } = useLogin();
  const banner = messageFrom(location.state);
  const returnPath = returnPathFrom(location.state, location.search);

  const goOn = () => {
    void navigate(returnPath, { replace: true });
  };

  const { register, errors, isSubmitting, error, onSubmit } = useAuthForm({
    schema: LoginRequestSchema,
    defaultValues: { username: '', password: '' },
    submit: async (credentials) => {
      const { access_token } = await logIn(credentials);
      // spec §2: store the token and refresh the auth state before going on.
      const user = await setToken(access_token);
      if (!user) return LOGIN_ERROR;
      goOn();
    },
    errorMessage: loginErrorMessage,
  });

  return (
    <AuthCard
      title="Login"
      documentTitle="Log in"
      description="Welcome back. Log in to manage your listings and messages."
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link to="/register" className={authLinkClass}>
            Register
          </Link>
        </p>
      }
    >
      <div className="space-y-5">
        {banner && <Alert tone="success">{banner}</Alert>}
        {error && <Alert>{error}</Alert>}
        <AuthForm onSubmit={onSubmit} submitLabel="Login" pending={isSubmitting}>
          <EmailField error={errors.username?.message} {...register('username')} />
          <div>
            <PasswordField autoComplete="current-password" error={errors.password?.message} {...register('password')} />
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className={authLinkClass}>
                Forgot password?
              </Link>
            </p>
          </div>
        </AuthForm>
        <GoogleSignIn text="signin_with" onSignedIn={goOn} />
      </div>
    </AuthCard>
  );
}
