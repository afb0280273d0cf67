import { render, screen } from '@/testing/test-utils';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/data';
import { DiscountBadge, Price } from '../Price';
import { OrderStatusBadge, PaymentStatusBadge } from '../StatusBadge';
import { StockBadge } from '../StockBadge';

describe('stock badge', () => {
  it.each([
    ['outOfStock', 'Out of Stock', 'bg-red-50'],
    ['lowStock', 'Low Stock', 'bg-amber-50'],
    ['inStock', 'In Stock', 'bg-emerald-50'],
  ] as const)("the server's %s shows %s", (status, label, colour) => {
    render(<StockBadge status={status} />);
    const badge = screen.getByTestId('stock-badge');
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveClass(colour);
  });
});

describe('price display', () => {
  it("shows the server's price, the struck original price and the saving when discounted", () => {
    render(<Price product={makeProduct({ price: 24, discount: 20, originalPrice: 30 })} showSave />);
    expect(screen.getByTestId('price')).toHaveTextContent('$24.00');
    const original = screen.getByTestId('original-price');
    expect(original).toHaveTextContent('$30.00');
    expect(original.tagName).toBe('S');
    expect(screen.getByText('Save $6.00')).toBeInTheDocument();
  });

  it('shows only the price when there is no discount', () => {
    render(<Price product={makeProduct({ price: 19.5, discount: 0, originalPrice: null })} showSave />);
    expect(screen.getByTestId('price')).toHaveTextContent('$19.50');
    expect(screen.queryByTestId('original-price')).not.toBeInTheDocument();
    expect(screen.queryByText(/Save/)).not.toBeInTheDocument();
  });

  it('never recomputes the price from the discount', () => {
    // The server's price is what is charged, even if price/discount/original look inconsistent.
    render(<Price product={makeProduct({ price: 10, discount: 50, originalPrice: 25 })} />);
    expect(screen.getByTestId('price')).toHaveTextContent('$10.00');
    expect(screen.getByTestId('original-price')).toHaveTextContent('$25.00');
  });

  it('shows the discount badge only above 0', () => {
    const { rerender } = render(<DiscountBadge discount={15} />);
    expect(screen.getByText('15% OFF')).toBeInTheDocument();
    rerender(<DiscountBadge discount={0} />);
    expect(screen.queryByText(/% OFF/)).not.toBeInTheDocument();
  });
});

describe('order status badge', () => {
  it.each([
    ['pending', 'Pending', 'bg-yellow-100'],
    ['shipped', 'Shipped', 'bg-blue-100'],
    ['delivered', 'Delivered', 'bg-green-100'],
    ['canceled', 'Canceled', 'bg-red-100'],
    ['returned', 'Returned', 'bg-stone-100'],
  ])('%s is capitalised and coloured', (status, label, colour) => {
    render(<OrderStatusBadge status={status} />);
    const badge = screen.getByTestId('order-status');
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveClass(colour);
  });
});

describe('payment status badge', () => {
  it.each([
    ['paid', 'Payment paid'],
    ['partiallyRefunded', 'Payment partially refunded'],
    ['refunded', 'Payment refunded'],
  ])('%s reads %s', (status, text) => {
    render(<PaymentStatusBadge status={status} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
