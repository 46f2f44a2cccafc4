import { EMAIL_NOT_VERIFIED_TO_PUBLISH } from '@benchmarket/shared';
import { VerifyEmailPrompt } from '@/components/account/verify-email-prompt';
import { LinkButton } from '@/components/ui/button';

/** Ours (issue 14): the draft stays; it can be published once the address is verified. */
export const DRAFT_KEPT =
  'Your listing is saved as a draft: you can still edit it, and publish it here as soon as your email address is verified.';

interface VerifyBeforePublishingProps {
  listingId: string;
  /** The API's 403 detail when it refused; else the same text, said before asking. */
  message?: string | undefined;
  /** The listing is a draft waiting for its first payment (not an extension). */
  draft: boolean;
}

/**
 * Where the payment step would be for an unverified account (issue 14, spec §1): publishing
 * needs a verified email. The way out is the resend button; the listing stays as it is.
 */
export function VerifyBeforePublishing({ listingId, message, draft }: VerifyBeforePublishingProps) {
  const id = encodeURIComponent(listingId);
  return (
    <VerifyEmailPrompt
      message={message ?? EMAIL_NOT_VERIFIED_TO_PUBLISH}
      actions={
        <>
          <LinkButton to={`/edit-listing/${id}`} variant="secondary">
            Edit listing
          </LinkButton>
          <LinkButton to="/dashboard" variant="secondary">
            Go to Dashboard
          </LinkButton>
        </>
      }
    >
      {draft && <p>{DRAFT_KEPT}</p>}
    </VerifyEmailPrompt>
  );
}
