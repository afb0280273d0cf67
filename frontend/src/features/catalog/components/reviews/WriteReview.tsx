/**
 * The 'Write a review' part of a product's reviews (`#write-review`): the form for a shopper
 * the server allows (prefilled with their review, to change or delete it, when they wrote one),
 * the server's reason for one it does not, and a link to sign in for a visitor. The server
 * decides; its refusals and field messages are shown as it words them.
 */
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from '@/components/ui/Field';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { TextField } from '@/components/ui/TextField';
import { btn, field } from '@/components/ui/styles';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  REVIEW_BODY_MAX,
  REVIEW_FIELDS,
  REVIEW_TITLE_MAX,
  reviewProblems,
  reviewRequest,
  type ReviewField,
} from '@/lib/reviews';
import { toast } from '@/lib/toast';
import type { Review } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useDeleteReview, useMyReview, useSaveReview } from '@/lib/api/reviews';
import { ReviewItem } from './ReviewList';
import { StarRatingInput } from './StarRatingInput';

type Problems = Partial<Record<ReviewField, string>>;

/** The server's messages for the review's fields. */
function fieldErrorsOf(err: unknown): Problems {
  const out: Problems = {};
  if (err instanceof ApiError) for (const f of REVIEW_FIELDS) if (err.fieldErrors[f]) out[f] = err.fieldErrors[f];
  return out;
}

function HiddenNote() {
  return (
    <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <Trans>The shop has hidden your review: other shoppers do not see it.</Trans>
    </p>
  );
}

/** 'Delete review', then a question: the review goes only after 'Yes, delete'. */
function DeleteOwnReview({ productId, review, onDeleted }: { productId: string; review: Review; onDeleted: () => void }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const remove = useDeleteReview({
    onSuccess: (reply) => {
      toast.success(reply?.message || t`Review deleted`);
      onDeleted();
    },
  });
  if (!asking) {
    return (
      <button
        ref={ask}
        type="button"
        className={`${btn.ghost} text-red-700 hover:bg-red-50`}
        onClick={() => {
          setAsking(true);
          requestAnimationFrame(() => yes.current?.focus());
        }}
      >
        <Trans>Delete review</Trans>
      </button>
    );
  }
  return (
    <div role="group" aria-label={t`Delete your review?`} className="mt-3 rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
      <p className="text-sm font-medium text-red-950">
        <Trans>Delete your review? This cannot be undone.</Trans>
      </p>
      {remove.isError && (
        <p role="alert" className="mt-2 text-sm text-red-900">
          {errorMessage(remove.error, t`Your review could not be deleted. Please try again.`)}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={yes}
          type="button"
          className={`${btn.primary} bg-red-700 hover:bg-red-800`}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ productId, reviewId: review._id })}
        >
          {remove.isPending ? t`Deleting...` : t`Yes, delete`}
        </button>
        <button
          type="button"
          className={btn.secondary}
          onClick={() => {
            setAsking(false);
            requestAnimationFrame(() => ask.current?.focus());
          }}
        >
          <Trans>Keep it</Trans>
        </button>
      </div>
    </div>
  );
}

/** Moves the focus to the first field with a problem (its message is read with it). */
function focusFirstProblem(form: HTMLFormElement | null, problems: Problems) {
  const first = REVIEW_FIELDS.find((f) => problems[f]);
  if (!form || !first) return;
  const target = first === 'rating' ? 'input[type=radio]:checked, input[type=radio]' : first === 'title' ? 'input[type=text]' : 'textarea';
  form.querySelector<HTMLElement>(target)?.focus();
}

/** The review form: stars, an optional title, the text; prefilled with the shopper's review when they wrote one (posting replaces it). */
function ReviewForm({ productId, review, onDeleted }: { productId: string; review: Review | null; onDeleted: () => void }) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [title, setTitle] = useState(review?.title ?? '');
  const [body, setBody] = useState(review?.body ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const save = useSaveReview({
    onSuccess: ({ replaced }) => toast.success(replaced ? t`Your review was updated` : t`Thank you for your review`),
    onError: (err) => {
      const found = fieldErrorsOf(err);
      setProblems(found);
      requestAnimationFrame(() => focusFirstProblem(form.current, found));
    },
  });
  const fix = (f: ReviewField) => setProblems((p) => ({ ...p, [f]: undefined }));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = reviewProblems({ rating, title, body });
    setProblems(found);
    if (REVIEW_FIELDS.some((f) => found[f])) {
      focusFirstProblem(e.currentTarget, found);
      return;
    }
    save.mutate({ productId, input: reviewRequest({ rating: rating as number, title, body }) });
  };

  const fieldErrors = Object.values(problems).some(Boolean);
  const left = REVIEW_BODY_MAX - body.length;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={review ? t`Edit your review` : t`Write a review`} className="mt-3 space-y-4">
      {review?.hidden && <HiddenNote />}
      <StarRatingInput
        value={rating}
        onChange={(n) => {
          setRating(n);
          fix('rating');
        }}
        error={problems.rating}
      />
      <TextField
        label={t`Title (optional)`}
        type="text"
        value={title}
        maxLength={REVIEW_TITLE_MAX}
        error={problems.title}
        onChange={(e) => {
          setTitle(e.target.value);
          fix('title');
        }}
      />
      <Field label={t`Your review`} error={problems.body} hint={t`${left} characters left`}>
        {(control) => (
          <textarea
            {...control}
            rows={5}
            maxLength={REVIEW_BODY_MAX}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              fix('body');
            }}
            className={field.input}
          />
        )}
      </Field>
      {save.isError && !fieldErrors && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {errorMessage(save.error, t`Your review could not be sent. Please try again.`)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={btn.primary} disabled={save.isPending}>
          {save.isPending ? t`Sending...` : review ? t`Update review` : t`Submit review`}
        </button>
        {review && <DeleteOwnReview productId={productId} review={review} onDeleted={onDeleted} />}
      </div>
    </form>
  );
}

/** Why the shopper cannot review the product (the server's reason), and their earlier review if there is one. */
function NotAllowed({ productId, reason, review, onDeleted }: { productId: string; reason: string | null; review: Review | null; onDeleted: () => void }) {
  return (
    <div className="mt-3">
      <p className="text-stone-700" data-testid="review-refusal">
        {reason || t`Only shoppers who have received this product can review it`}
      </p>
      {review && (
        <div className="mt-4 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
          <ReviewItem review={review} />
          {review.hidden && <HiddenNote />}
          <div className="mt-2">
            <DeleteOwnReview productId={productId} review={review} onDeleted={onDeleted} />
          </div>
        </div>
      )}
    </div>
  );
}

function SignInToReview({ productId }: { productId: string }) {
  return (
    <div className="mt-3 space-y-2">
      <p>
        <Link
          to="/login"
          onClick={() => useSession.getState().setReturnTo(`/product/${productId}#write-review`)}
          className="font-semibold text-brand-700 underline hover:text-brand-800"
        >
          <Trans>Sign in to write a review</Trans>
        </Link>
      </p>
      <p className="text-sm text-stone-600">
        <Trans>Reviews come from shoppers who have received the product.</Trans>
      </p>
    </div>
  );
}

export function WriteReview({ productId, headingRef }: { productId: string; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const signedIn = useSession(selectIsAuthenticated);
  const mine = useMyReview(productId);
  const own = mine.data?.review ?? null;
  // After a delete the button is gone: the focus goes back to the heading.
  const onDeleted = () => requestAnimationFrame(() => headingRef.current?.focus());

  let content;
  if (!signedIn) content = <SignInToReview productId={productId} />;
  else if (mine.isPending) {
    content = (
      <p role="status" className="mt-3 text-stone-600">
        <Trans>Checking whether you can review this product...</Trans>
      </p>
    );
  } else if (mine.isError) {
    content = (
      <RetryAlert className="mt-3" onRetry={() => void mine.refetch()}>
        <Trans>We could not check whether you can review this product.</Trans>
      </RetryAlert>
    );
  } else if (mine.data.canReview) {
    content = <ReviewForm key={own?._id ?? 'new'} productId={productId} review={own} onDeleted={onDeleted} />;
  } else {
    content = <NotAllowed productId={productId} reason={mine.data.reason} review={own} onDeleted={onDeleted} />;
  }

  return (
    <div id="write-review" className="scroll-mt-24 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-bold text-stone-900 focus:outline-none">
        {own ? <Trans>Your review</Trans> : <Trans>Write a review</Trans>}
      </h3>
      {content}
    </div>
  );
}
