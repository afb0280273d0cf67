/** The admin table of reviews: date, product (linking to its page), author, rating, title and text, shown or hidden, Hide/Unhide and Delete. */
import { Link } from 'react-router';
import { StarIcon } from '@/components/ui/icons';
import type { AdminReview } from '@/lib/types';
import { ScrollableTable } from '../../components/ScrollableTable';
import { admin, formatDateTime } from '../../lib/ui';

function VisibilityBadge({ hidden }: { hidden: boolean }) {
  return (
    <span
      data-testid="review-status"
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${hidden ? 'bg-stone-100 text-stone-800 ring-stone-300' : 'bg-green-100 text-green-900 ring-green-300'}`}
    >
      {hidden ? 'Hidden' : 'Shown'}
    </span>
  );
}

export function ReviewsTable({
  reviews,
  switching,
  onSwitchHidden,
  onDelete,
}: {
  reviews: AdminReview[];
  /** The id of the review being hidden or shown, if any. */
  switching: string | null;
  onSwitchHidden: (review: AdminReview) => void;
  onDelete: (review: AdminReview) => void;
}) {
  return (
    <ScrollableTable name="Reviews" className={`mt-6 ${admin.tableWrap}`} tableClassName={`${admin.tableRows} w-full min-w-[60rem]`}>
      <thead className="bg-stone-50">
        <tr>
          <th scope="col" className={admin.th}>Date</th>
          <th scope="col" className={admin.th}>Product</th>
          <th scope="col" className={admin.th}>Author</th>
          <th scope="col" className={admin.th}>Rating</th>
          <th scope="col" className={admin.th}>Review</th>
          <th scope="col" className={admin.th}>Status</th>
          <th scope="col" className={admin.th}>Actions</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {reviews.map((r) => (
          <tr key={r._id} data-testid="review-row">
            <td className={`${admin.td} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
            <td className={`${admin.td} max-w-48 break-words`}>
              <Link to={`/product/${encodeURIComponent(r.product._id)}`} className="font-semibold text-brand-800 hover:underline">
                {r.product.name}
              </Link>
            </td>
            <td className={`${admin.td} break-words`}>
              {r.author}
              {r.verifiedPurchase && <span className="block text-xs text-stone-600">Verified purchase</span>}
            </td>
            <td className={`${admin.td} whitespace-nowrap`}>
              <span className="inline-flex items-center gap-1 font-semibold">
                <StarIcon size={14} filled className="text-amber-500" aria-hidden="true" />
                {r.rating}
                <span className="sr-only"> out of 5 stars</span>
              </span>
            </td>
            <td className={`${admin.td} max-w-96`}>
              {r.title && <p className="font-semibold break-words text-stone-900">{r.title}</p>}
              <p className="line-clamp-3 break-words whitespace-pre-line text-stone-700" title={r.body}>
                {r.body}
              </p>
            </td>
            <td className={admin.td}>
              <VisibilityBadge hidden={r.hidden} />
            </td>
            <td className={admin.td}>
              <div className="flex flex-wrap gap-1">
                <button
                  type="button"
                  className={`${admin.action} text-stone-700 hover:bg-stone-100`}
                  disabled={switching === r._id}
                  onClick={() => onSwitchHidden(r)}
                >
                  {r.hidden ? 'Unhide' : 'Hide'} <span className="sr-only">the review by {r.author}</span>
                </button>
                <button type="button" className={`${admin.action} text-red-700 hover:bg-red-50`} onClick={() => onDelete(r)}>
                  Delete <span className="sr-only">the review by {r.author}</span>
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
