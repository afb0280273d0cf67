/** How a payment method is named on screen ('evc-plus' is EVC Plus). */
export const paymentMethodName = (method: string | null | undefined): string =>
  method === 'evc-plus' ? 'EVC Plus' : method || 'Unknown';
