import { Trans } from '@lingui/react/macro';
import { formatPhone } from '@/lib/phone-format';
import type { ShippingAddress } from '@/lib/types';

/** A delivery address as an order keeps it: name, street, the landmark when there is one, district and city, phone (as the shop shows phones: +252 61 555 1234). */
export function ShippingAddressText({ address, className = '' }: { address: ShippingAddress; className?: string }) {
  const landmark = address.landmark?.trim();
  return (
    <address className={`not-italic ${className}`}>
      {address.fullName}
      <br />
      {address.addressLine}
      <br />
      {landmark && (
        <>
          <span data-testid="address-landmark">
            <Trans>Landmark: {landmark}</Trans>
          </span>
          <br />
        </>
      )}
      {[address.district, address.city].filter(Boolean).join(', ')}
      <br />
      {formatPhone(address.phone)}
    </address>
  );
}
