/**
 * A phone number as the shop shows it: a Somali mobile number, however it is stored or
 * was typed (the server keeps accounts' and payers' as `252615551234`; a delivery address keeps
 * it as typed: `0615551234`, `+252 61 555 1234`, `615551234`), is `+252 61 555 1234`. Read as
 * the server reads one (domain/src/phone.rs: spaces, dashes, dots and brackets ignored; 9 digits
 * starting with 6, 7 or 9 after 252 or 0). Anything else (a landline, a foreign number, an
 * e-mail) is shown as it is.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const trimmed = raw.trim();
  const plus = trimmed.startsWith('+');
  const rest = plus ? trimmed.slice(1) : trimmed;
  if (!/^[\d\s().-]+$/.test(rest)) return trimmed;
  const digits = rest.replace(/\D/g, '');
  let national: string | null = null;
  if (digits.length === 9 && !plus) national = digits;
  else if (digits.length === 10 && digits.startsWith('0') && !plus) national = digits.slice(1);
  else if (digits.length === 12 && digits.startsWith('252')) national = digits.slice(3);
  else if (digits.length === 14 && digits.startsWith('00252') && !plus) national = digits.slice(5);
  if (!national || !/^[679]/.test(national)) return trimmed;
  return `+252 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}
