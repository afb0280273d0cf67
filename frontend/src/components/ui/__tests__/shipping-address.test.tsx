import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/testing/data';
import { render, screen } from '@/testing/test-utils';
import { ShippingAddressText } from '../ShippingAddressText';

const address = makeOrder().shippingAddress!;

describe('a delivery address', () => {
  it('reads name, street, landmark, district and city, phone (written +252 61 555 1234)', () => {
    const { container } = render(<ShippingAddressText address={address} />);
    expect(container.querySelector('address')?.innerHTML.split('<br>').map((line) => line.replace(/<[^>]+>/g, ''))).toEqual([
      'Amina Hassan',
      'Maka Al Mukarama Road 12',
      'Landmark: Near the Hodan market mosque',
      'Hodan, Mogadishu',
      '+252 61 555 1234',
    ]);
  });

  it('has no landmark line without one, nor a district for a city delivered as a whole', () => {
    const { container } = render(<ShippingAddressText address={{ ...address, city: 'Hargeisa', district: '', landmark: ' ' }} />);
    expect(screen.queryByTestId('address-landmark')).not.toBeInTheDocument();
    expect(container.querySelector('address')?.innerHTML.split('<br>')).toEqual([
      'Amina Hassan',
      'Maka Al Mukarama Road 12',
      'Hargeisa',
      '+252 61 555 1234',
    ]);
  });
});
