export function DeliveryPage() {
  return <h1>Delivery</h1>;
}
export function ReturnsPage() {
  return <h1>Returns</h1>;
}
export function ContactPage() {
  return <h1>Contact</h1>;
}
