/**
 * How an order is named to its shopper on the checkout's pages: '#' and the id's last 8
 * characters (the dashboard's form, and the one the order's e-mails and text messages use).
 */
export const orderNumber = (id: string): string => `#${id.slice(-8)}`;
