import { describe, expect, it } from 'vitest';
import * as messages from './messages.js';

describe('spec texts', () => {
  it('keeps the validation texts of spec §5 character for character', () => {
    expect(messages.PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters');
    expect(messages.PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(messages.EMAIL_REQUIRED).toBe('Please enter your email address');
    expect(messages.RESET_NO_TOKEN).toBe('Invalid reset link. No token provided.');
    expect(messages.VERIFY_NO_TOKEN).toBe('Invalid verification link. No token provided.');
    expect(messages.REQUIRED_LISTING_FIELDS).toBe('Please fill in all required fields');
    expect(messages.DROP_IMAGES_ONLY).toBe('Please drop image files only');
    expect(messages.CONTACT_ALL_REQUIRED).toBe('All fields are required');
    expect(messages.FEEDBACK_BLANK).toBe('Please enter your feedback. Blank submissions are not allowed.');
    expect(messages.SEARCH_VERIFIED_ONLY).toBe('Only verified users can perform searches. Please verify your account first.');
    expect(messages.EXTEND_UNPAID).toBe('This listing needs to be paid for first before it can be extended.');
    expect(messages.EXTEND_REMOVED).toBe('This listing has been removed and cannot be extended.');
    expect(messages.ALREADY_PAID).toBe('This listing has already been paid for.');
    expect(messages.NO_EDIT_PERMISSION).toBe('You do not have permission to edit this listing');
    expect(messages.LOGIN_REQUIRED_TO_CREATE).toBe('You must be logged in to create listings');
    expect(messages.UNEXPECTED_APPLICATION_ERROR).toBe('Unexpected Application Error!');
  });

  it('fills in the photo count', () => {
    expect(messages.tooManyPhotos(7)).toBe('You can only have up to 5 photos (currently have 7)');
    expect(messages.tooManyPhotos(0)).toBe('You can only have up to 5 photos (currently have 0)');
  });

  it('fills in the sign-in provider', () => {
    expect(messages.thirdPartyLoginFailed('Google')).toBe('Google login failed. Please try again.');
    expect(messages.thirdPartyLoginError('Google')).toBe('An error occurred during Google login. Please try again.');
    expect(messages.thirdPartySignInFailed('Google')).toBe('Google Sign-In failed. Please try again.');
  });

  it('keeps the error catalogue of spec §8 character for character', () => {
    const expected: Record<string, string> = {
      FEEDBACK_FAILED: 'Failed to submit feedback',
      LOGIN_FAILED: 'Login failed. Please check your credentials.',
      LOGIN_ERROR: 'An error occurred during login. Please try again.',
      REGISTER_FAILED: 'Registration failed. Please try again.',
      REGISTER_ERROR: 'An error occurred during registration. Please try again.',
      EMAIL_ALREADY_VERIFIED: 'Your email has already been verified. You can now log in.',
      VERIFY_FAILED: 'Email verification failed. Please try again.',
      VERIFY_ERROR: 'An error occurred during email verification. Please try again.',
      FORGOT_PASSWORD_NEUTRAL: 'If your email is registered, you will receive a password reset link shortly.',
      RESET_FAILED: 'Password reset failed. Please try again.',
      RESET_ERROR: 'An error occurred during password reset. Please try again.',
      LATEST_LISTINGS_FAILED: 'Failed to fetch latest listings. Please try again.',
      SEARCH_FAILED: 'Failed to search listings. Please try again.',
      LISTINGS_FETCH_FAILED: 'Failed to fetch listings. Please try again.',
      LISTING_NOT_FOUND: 'Listing not found',
      LISTING_LOAD_ERROR: 'Error loading listing details',
      EDIT_LISTING_LOAD_ERROR: 'Error loading listing data',
      SESSION_EXPIRED: 'Your session has expired. Please log in again.',
      CREATE_LISTING_FAILED: 'Failed to create listing. Please try again.',
      UPDATE_LISTING_FAILED: 'Failed to update listing. Please try again.',
      CONNECTION_ERROR: 'An error occurred. Please check your connection and try again.',
      PHOTO_UPLOAD_FAILED: 'Failed to upload photos. Please try again.',
      PHOTO_DELETE_FAILED: 'Failed to delete photo. Please try again.',
      PAYMENT_INIT_FAILED: 'Failed to initialize payment',
      PAYMENT_INIT_ERROR: 'Unable to initialize payment process. Please try again.',
      PAYMENT_SCRIPT_NOT_LOADED: "the card provider's script hasn't loaded yet. Please wait or refresh the page.",
      UNEXPECTED_ERROR: 'An unexpected error occurred. Please try again.',
      PAYMENT_MISSING_INFO: 'Missing payment information. Please contact support.',
      PAYMENT_CONFIRM_FAILED: 'Failed to confirm payment. Please contact support.',
      DASHBOARD_LISTINGS_FAILED: 'Failed to load your listings. Please try again.',
      DASHBOARD_DELETE_LISTING_FAILED: 'Failed to delete listing. Please try again.',
      DASHBOARD_MESSAGES_FAILED: 'Failed to load your messages. Please try again.',
      DASHBOARD_DELETE_MESSAGE_FAILED: 'Failed to delete message. Please try again.',
      DASHBOARD_PAYMENTS_FAILED: 'Failed to load payment history',
      DASHBOARD_LISTING_DETAILS_FAILED: 'Failed to load listing details.',
      CONTACT_SEND_FAILED: 'Failed to send message. Please try again.',
      PROMO_HEADLINE: 'List Free Until June',
      PROMO_FREE_DAYS_TEXT: '30 days free listing',
    };
    const actual = messages as unknown as Record<string, unknown>;
    for (const [name, text] of Object.entries(expected)) {
      expect(actual[name], name).toBe(text);
    }
  });

  it('uses straight apostrophes only, as the spec does', () => {
    for (const value of Object.values(messages)) {
      if (typeof value === 'string') expect(value).not.toMatch(/[\u2018\u2019\u201c\u201d]/);
    }
  });
});
