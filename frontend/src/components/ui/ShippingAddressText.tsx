import type { ShippingAddress } from '@/lib/types';

/** A delivery address as an order keeps it: name, street, district and city, phone. */
export function ShippingAddressText({ address, className = '' }: { address: ShippingAddress; className?: string }) {
  return (
    <address className={`not-italic ${className}`}>
      {address.fullName}
      <br />
      {address.addressLine}
      <br />
      {[address.district, address.city].filter(Boolean).join(', ')}
      <br />
      {address.phone}
    </address>
  );
}
