/**
 * The new order's form (/admin/orders/new): what staff fill in, the requests it makes (the quote
 * while it is filled in, then the order), and where each of the server's messages is shown. No
 * price is typed or computed here: the server's quote and its reply carry the prices and totals.
 */
import { placeOf, type OfferedCity } from '@/lib/delivery-places';
import type {
  PhoneCustomer,
  PhoneOrderCustomer,
  PhoneOrderQuote,
  PhoneOrderQuoteLine,
  PhoneOrderQuoteRequest,
  PhoneOrderRequest,
  Product,
  Variant,
  VariantSnapshot,
} from '@/lib/types';

/** Whether the customer is one found in the shop, or a new one typed in. */
export type CustomerMode = 'find' | 'new';

export interface NewCustomer {
  name: string;
  phone: string;
  email: string;
}

/** A line as picked: the product and its size, with the stock there was then (the most offered). */
export interface DraftLine {
  key: string;
  productId: string;
  variantId: string | null;
  name: string;
  variant: VariantSnapshot | null;
  stock: number;
  quantity: number;
}

const ADDRESS_FIELDS = ['fullName', 'phone', 'city', 'district', 'addressLine', 'landmark'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The delivery address as typed; a null name or phone follows the customer's until staff type another. */
type AddressDraft = Omit<Record<AddressField, string>, 'fullName' | 'phone'> & { fullName: string | null; phone: string | null };

export interface OrderDraft {
  mode: CustomerMode;
  found: PhoneCustomer | null;
  newCustomer: NewCustomer;
  lines: DraftLine[];
  address: AddressDraft;
  discountCode: string;
}

export const emptyDraft = (): OrderDraft => ({
  mode: 'find',
  found: null,
  newCustomer: { name: '', phone: '', email: '' },
  lines: [],
  address: { fullName: null, phone: null, city: '', district: '', addressLine: '', landmark: '' },
  discountCode: '',
});

/** The name and phone of the customer chosen or typed, which the delivery address starts from. */
function contactOf(draft: Pick<OrderDraft, 'mode' | 'found' | 'newCustomer'>): { name: string; phone: string } {
  if (draft.mode === 'new') return { name: draft.newCustomer.name, phone: draft.newCustomer.phone };
  return { name: draft.found?.name ?? '', phone: draft.found?.phone ?? '' };
}

/** The address's fields as shown: the name and phone the customer's until typed over. */
export function addressShown(draft: OrderDraft): Record<AddressField, string> {
  const contact = contactOf(draft);
  return { ...draft.address, fullName: draft.address.fullName ?? contact.name, phone: draft.address.phone ?? contact.phone };
}

/** A product and size's line; the same product and size picked again adds to its line. */
const lineKey = (productId: string, variantId: string | null) => `${productId}:${variantId ?? ''}`;

export function withLine(lines: readonly DraftLine[], product: Product, variant: Variant | null, quantity: number): DraftLine[] {
  const key = lineKey(product._id, variant?._id ?? null);
  const stock = variant ? variant.stock : product.stock;
  const same = lines.find((l) => l.key === key);
  if (same) return lines.map((l) => (l.key === key ? { ...l, stock, quantity: Math.min(stock, l.quantity + quantity) } : l));
  const snapshot = variant ? { _id: variant._id, size: variant.size, colour: variant.colour, sku: variant.sku } : null;
  return [...lines, { key, productId: product._id, variantId: variant?._id ?? null, name: product.name, variant: snapshot, stock, quantity }];
}

function customerOf(draft: OrderDraft): PhoneOrderCustomer | null {
  if (draft.mode === 'find') return draft.found ? { userId: draft.found._id } : null;
  const { name, phone, email } = draft.newCustomer;
  return email.trim() ? { name: name.trim(), phone: phone.trim(), email: email.trim() } : { name: name.trim(), phone: phone.trim() };
}

/** POST /api/admin/orders as the form stands; the server checks every field. */
export function orderRequest(draft: OrderDraft, cities: readonly OfferedCity[]): PhoneOrderRequest {
  const address = addressShown(draft);
  const place = placeOf(cities, address.city, address.district);
  const code = draft.discountCode.trim();
  return {
    customer: customerOf(draft),
    lines: draft.lines.map(({ productId, variantId, quantity }) => (variantId ? { productId, variantId, quantity } : { productId, quantity })),
    shippingAddress: {
      fullName: address.fullName.trim(),
      phone: address.phone.trim(),
      city: address.city.trim(),
      // A city delivered as a whole has no district.
      district: place ? place.district : address.district.trim(),
      addressLine: address.addressLine.trim(),
      landmark: address.landmark.trim(),
    },
    discountCode: code || null,
  };
}

/**
 * POST /api/admin/orders/quote as the form stands: the lines, the code, the customer once one is
 * found (a code's limit per customer counts their orders; a new one has none yet), and the
 * place once it is chosen: a city of the zones and its district ('' for a city delivered as a
 * whole), or the city typed in a shop without zones. Only the city and district are sent: the
 * server prices the place by them alone, so typing the rest of the address asks nothing again.
 * Null while there is no line: nothing to price.
 */
export function quoteRequest(draft: OrderDraft, cities: readonly OfferedCity[]): PhoneOrderQuoteRequest | null {
  if (draft.lines.length === 0) return null;
  const { customer, lines, discountCode } = orderRequest(draft, cities);
  const address = addressShown(draft);
  const city = address.city.trim();
  // A shop with zones: a city offered and, unless it is delivered as a whole, one of its districts.
  const place = cities.length > 0 ? placeOf(cities, city, address.district) : city ? { city, district: address.district.trim() } : null;
  return {
    lines,
    discountCode,
    ...(draft.mode === 'find' && customer ? { customer } : {}),
    ...(place ? { shippingAddress: { city: place.city, district: place.district } } : {}),
  };
}

/** The quote's line of a draft line: the same product and size. */
export const quotedLine = (quote: PhoneOrderQuote | undefined, line: Pick<DraftLine, 'productId' | 'variantId'>): PhoneOrderQuoteLine | undefined =>
  quote?.products.find((q) => q.productId === line.productId && (q.variant?._id ?? null) === line.variantId);

/** The server's messages, by the request's field names (`customer.phone`, `lines[0].quantity`, `shippingAddress.city`…). */
export type ServerErrors = Readonly<Record<string, string>>;

/** An address field's message: the server names it `shippingAddress.city`, or `city` alone. */
export const addressError = (errors: ServerErrors, field: AddressField): string | undefined =>
  errors[`shippingAddress.${field}`] ?? errors[field];

/** The messages of the `index`th line (`lines[0].quantity`…). */
export const lineErrors = (errors: ServerErrors, index: number): string[] =>
  Object.entries(errors).flatMap(([key, message]) => (key.startsWith(`lines[${index}]`) ? [message] : []));

const PLACED = new Set<string>([
  'customer',
  'customer.userId',
  'customer.name',
  'customer.phone',
  'customer.email',
  'lines',
  'shippingAddress',
  'discountCode',
  ...ADDRESS_FIELDS,
  ...ADDRESS_FIELDS.map((f) => `shippingAddress.${f}`),
]);

/** The messages no field on screen shows (each line's are shown by its line only while it is there). */
export function unplacedErrors(errors: ServerErrors, lines: number): string[] {
  return Object.entries(errors).flatMap(([key, message]) => {
    const line = /^lines\[(\d+)\]/.exec(key);
    if (line) return Number(line[1]) < lines ? [] : [message];
    return PLACED.has(key) ? [] : [message];
  });
}
