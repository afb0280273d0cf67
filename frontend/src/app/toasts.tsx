import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** The app's toasts: bottom-left, closing after 3000 ms. */
export default function Toasts() {
  return <ToastContainer position="bottom-left" autoClose={3000} newestOnTop limit={4} />;
}
