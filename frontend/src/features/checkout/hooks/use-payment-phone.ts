import { serverFieldErrors, useFormFields } from '@/components/forms/use-form-fields';

/** The EVC Plus number the payment is asked from. */
export function usePaymentPhone() {
  const form = useFormFields({ paymentPhone: '' });
  return {
    binding: form.bind('paymentPhone'),
    /** The number as it is sent: trimmed, '' while none is typed. */
    phone: form.values.paymentPhone.trim(),
    /** The server's message for the number (one it refuses), under the field. */
    showServerErrors: (err: unknown) => form.addErrors(serverFieldErrors(err, ['paymentPhone'])),
  };
}
