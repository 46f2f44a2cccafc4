import type { SupportRequestInput } from '@benchmarket/shared';

/** The support form's contract lives in '@benchmarket/shared' (schemas/support.ts), shared with POST /support. */
export {
  SUPPORT_FIELDS_REQUIRED,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_SEND_FAILED,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SupportRequestSchema as SupportFormSchema,
} from '@benchmarket/shared';

export type SupportFormField = keyof SupportRequestInput;
/** The form holds every field as typed text. */
export type SupportFormValues = Record<SupportFormField, string>;
