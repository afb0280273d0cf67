import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { btn } from '@/components/ui/styles';

export function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      text="The page you are looking for does not exist."
      action={
        <Link to="/" className={btn.primary}>
          Continue Shopping
        </Link>
      }
    />
  );
}
