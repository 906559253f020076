/**
 * The patient's contact (spec 001 §5): an e-mail or a mobile phone is required, and a phone must be valid.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * Mobile numbers only, French and international, through libphonenumber-js's `mobile` metadata (it
 * answers valid only for numbers of a mobile range): the field is the patient's mobile phone, which
 * receives SMS (validation codes, reminders), and a landline would silently never get them. A number
 * without an international prefix is read as French (06…, 07…). Numbers of countries whose plans do
 * not tell mobiles from landlines (the United States) are accepted, as the library types them both.
 */
export const DEFAULT_PHONE_COUNTRY = 'FR';

/** The number in E.164 (+33612345678), or undefined when it is not a valid mobile number. */
export function normaliseMobilePhone(value: string): string | undefined {
  const phone = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  return phone?.isValid() ? phone.number : undefined;
}

export const mobilePhoneError = (value: string) => (normaliseMobilePhone(value) ? undefined : ('phone_invalid' as const));

/** A pragmatic shape check (one @, a dot in the domain, no spaces); whether the address exists is the mail's job. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const emailError = (value: string) => (new RegExp(EMAIL_PATTERN).test(value) ? undefined : ('email_invalid' as const));

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** "A patient needs an e-mail or a mobile phone" (spec 001 §5). */
export const emailOrMobileError = (email: unknown, mobilePhone: unknown) =>
  filled(email) || filled(mobilePhone) ? undefined : ('email_or_mobile_required' as const);
