/** The pages of a payment link, loaded together as one chunk: the link's page and the page the card page sends its payer back to. */
export { PayLinkPage } from './components/PayLinkPage';
export { PayReturnPage } from './components/PayReturnPage';
