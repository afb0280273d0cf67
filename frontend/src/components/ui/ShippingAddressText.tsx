import { Trans } from '@lingui/react/macro';
import type { ShippingAddress } from '@/lib/types';

/** A delivery address as an order keeps it: name, street, the landmark when there is one, district and city, phone. */
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
      {address.phone}
    </address>
  );
}
