import {
  LOGO_DELETE_FAILED,
  LOGO_UPLOAD_FAILED,
  PROFILE_SAVE_FAILED,
  PROFILE_SAVED,
  REQUIRED_LISTING_FIELDS,
  SELLER_ABOUT_MAX_LENGTH,
  SELLER_COMPANY_MAX_LENGTH,
  SELLER_DISPLAY_NAME_MAX_LENGTH,
  SellerProfileUpdateSchema,
  type SellerProfile,
} from '@benchmarket/shared';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '@/lib/api-client';
import { useAuth } from '@/lib/session/use-auth';
import { CountrySelect } from '@/components/listing/country-select';
import { sellerPath } from '@/components/listing/listing-link';
import { SellerLogo } from '@/components/listing/seller-logo';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useCheckedForm } from '@/components/ui/use-checked-form';
import { useRemoveLogo, useSellerProfile, useUpdateSellerProfile, useUploadLogo } from '../api/seller-profile';

const FIELDS = ['display_name', 'company', 'country', 'about'] as const;
type ProfileValues = Record<(typeof FIELDS)[number], string>;

function valuesOf(profile: SellerProfile): ProfileValues {
  return {
    display_name: profile.display_name ?? '',
    company: profile.company ?? '',
    country: profile.country ?? '',
    about: profile.about ?? '',
  };
}

/** The logo: one image, checked by the server like a listing photo; replace or remove. */
function LogoField({ profile }: { profile: SellerProfile }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const error = upload.error
    ? errorDetail(upload.error, LOGO_UPLOAD_FAILED)
    : remove.error
      ? errorDetail(remove.error, LOGO_DELETE_FAILED)
      : null;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    remove.reset();
    if (file) upload.mutate(file);
  };

  return (
    <div>
      <p className="block text-sm font-medium text-slate-800" id={`${inputId}-label`}>
        Logo
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {profile.logo ? (
          <SellerLogo src={profile.logo} alt="Your logo" size={80} className="size-20 rounded-lg" />
        ) : (
          <div className="flex size-20 items-center justify-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-600">
            No logo
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={`${buttonClass('secondary', { size: 'sm' })} cursor-pointer focus-within:outline-2 focus-within:outline-teal-700`}
          >
            {upload.isPending ? 'Uploading…' : profile.logo ? 'Replace logo' : 'Upload logo'}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-describedby={hintId}
              disabled={upload.isPending}
              onChange={onFile}
            />
          </label>
          {profile.logo && (
            <Button
              variant="secondary"
              size="sm"
              pending={remove.isPending}
              onClick={() => {
                upload.reset();
                remove.mutate();
              }}
            >
              Remove logo
            </Button>
          )}
        </div>
      </div>
      <p id={hintId} className="mt-1.5 text-sm text-slate-500">
        One image (JPEG, PNG, WebP, GIF or AVIF), at most 10 MB. It is shown up to 400 px on your seller page.
      </p>
      {error && (
        <Alert className="mt-3" focusOnShow>
          {error}
        </Alert>
      )}
    </div>
  );
}

function ProfileForm({ profile, userId }: { profile: SellerProfile; userId: string }) {
  const update = useUpdateSellerProfile();
  const [saved, setSaved] = useState(false);
  const countryId = useId();
  const {
    fieldProps,
    values,
    invalid,
    error,
    errorId,
    formRef,
    check,
    update: updateField,
  } = useCheckedForm({
    schema: SellerProfileUpdateSchema,
    initial: valuesOf(profile),
    fieldOrder: FIELDS,
    requiredMessage: REQUIRED_LISTING_FIELDS,
    clearMarkOnEdit: true,
    onEdit: () => setSaved(false),
  });

  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        const body = check(event);
        if (!body) return;
        setSaved(false);
        update.mutate(body, { onSuccess: () => setSaved(true) });
      }}
    >
      <TextField
        label="Display name"
        hint="How buyers see you. Leave it empty to show as 'Seller from' your country — never your email."
        maxLength={SELLER_DISPLAY_NAME_MAX_LENGTH}
        autoComplete="nickname"
        {...fieldProps('display_name')}
      />
      <TextField label="Company (optional)" maxLength={SELLER_COMPANY_MAX_LENGTH} autoComplete="organization" {...fieldProps('company')} />
      <div>
        <label htmlFor={countryId} className="block text-sm font-medium text-slate-800">
          Country
        </label>
        <CountrySelect
          id={countryId}
          name="country"
          value={values.country}
          onChange={(name) => updateField('country')({ target: { value: name } })}
          invalid={invalid.has('country')}
          describedBy={invalid.has('country') && error ? errorId : undefined}
        />
      </div>
      <TextAreaField
        label="About (optional)"
        rows={5}
        counter={`${Array.from(values.about).length}/${SELLER_ABOUT_MAX_LENGTH}`}
        {...fieldProps('about')}
      />
      {error && (
        // The hook moves the focus to the field to fix; the message describes it.
        <Alert id={errorId}>{error}</Alert>
      )}
      {update.isError && <Alert focusOnShow>{errorDetail(update.error, PROFILE_SAVE_FAILED)}</Alert>}
      {saved && (
        <Alert tone="success">
          {PROFILE_SAVED}{' '}
          <Link to={sellerPath(userId)} className="font-semibold underline underline-offset-2">
            View your seller page
          </Link>
        </Alert>
      )}
      <Button type="submit" pending={update.isPending}>
        Save profile
      </Button>
    </form>
  );
}

/**
 * Issue 15: the seller profile on /account — display name, company, country, a short 'about'
 * and a logo — shown on the seller page and, by name, on every listing and search card.
 */
export function SellerProfilePanel() {
  const { user } = useAuth();
  const profile = useSellerProfile();

  return (
    <section aria-labelledby="seller-profile-heading" className="rounded-lg border border-slate-200 p-4 sm:p-6">
      <h2 id="seller-profile-heading" className="text-lg font-semibold text-slate-900">
        Seller profile
      </h2>
      <p className="mt-1 text-sm text-slate-600">What buyers see on your seller page and next to your listings.</p>
      <div className="mt-5 space-y-8">
        {profile.isPending && <Spinner label="Loading your profile…" />}
        {profile.isError && (
          <Alert onRetry={() => void profile.refetch()} retrying={profile.isFetching}>
            {errorDetail(profile.error, 'Could not load your seller profile.')}
          </Alert>
        )}
        {profile.data && user && (
          <>
            <LogoField profile={profile.data} />
            <ProfileForm profile={profile.data} userId={user.id} />
          </>
        )}
      </div>
    </section>
  );
}
