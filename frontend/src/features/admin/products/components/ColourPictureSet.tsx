/**
 * One colour's pictures in the product form: a thumbnail of each with Move left, Move right and
 * Remove, and a file to add one last. Each is sent at once; the server's reply is the product
 * as it now is. After a move or a removal the keyboard focus stays with the picture acted on.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { serverFieldErrors } from '@/components/forms/use-form-fields';
import { Field } from '@/components/ui/Field';
import { ChevronLeftIcon, ChevronRightIcon, TrashIcon } from '@/components/ui/icons';
import { ProductImage } from '@/components/ui/ProductImage';
import { BUSY, btn, field } from '@/components/ui/styles';
import { toast } from '@/lib/toast';
import type { Product } from '@/lib/types';
import { adminErrorMessage, logError } from '../../lib/errors';
import { PICTURE_LIMIT_BYTES, useAddColourPicture, useRemoveColourPicture, useReorderColourPictures } from '../api/colour-pictures';
import { moveRow } from '../variant-rows';

/** The server's field messages these calls answer: `image` (an upload), `images` (a new order). */
const PICTURE_FIELDS = ['image', 'images'] as const;
type PictureErrors = Partial<Record<(typeof PICTURE_FIELDS)[number], string>>;

export function ColourPictureSet({ product, colour, onChanged }: { product: Product; colour: string; onChanged: (product: Product) => void }) {
  const { t } = useLingui();
  const ids = useId();
  const pictures = product.colourImages[colour] ?? [];
  const [errors, setErrors] = useState<PictureErrors>({});
  const controlId = (index: number, part: 'left' | 'right' | 'remove') => `${ids}-${index}-${part}`;
  const fileId = `${ids}-file`;

  // Where the focus goes once the server's answer is on screen and the controls are free again
  // (chosen when the button is pressed or the file chosen).
  const focusNext = useRef<string | null>(null);
  const focusAfter = useRef<string | null>(null);

  const changed = (next: Product) => {
    focusAfter.current = focusNext.current;
    focusNext.current = null;
    onChanged(next);
  };
  const failed = (err: unknown, fallback: string) => {
    // A refused upload keeps the focus on the file, where its message is; a refused move or removal on its button.
    if (focusNext.current === fileId) focusAfter.current = fileId;
    focusNext.current = null;
    logError(fallback, err);
    setErrors(serverFieldErrors(err, PICTURE_FIELDS));
    toast.error(adminErrorMessage(err, fallback));
  };
  const add = useAddColourPicture({
    onSuccess: (next) => {
      changed(next);
      toast.success(t`Picture added to ${colour}`);
    },
    onError: (err) => failed(err, t`Failed to add the picture`),
  });
  const reorder = useReorderColourPictures({ onSuccess: changed, onError: (err) => failed(err, t`Failed to move the picture`) });
  const remove = useRemoveColourPicture({
    onSuccess: (next) => {
      changed(next);
      toast.success(t`Picture removed from ${colour}`);
    },
    onError: (err) => failed(err, t`Failed to remove the picture`),
  });
  const busy = add.isPending || reorder.isPending || remove.isPending;
  useEffect(() => {
    if (!focusAfter.current || busy) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });
  const ref = { id: product._id, colour };

  const move = (index: number, by: -1 | 1) => {
    if (busy) return;
    const to = index + by;
    const left = by < 0;
    // The same button, unless the picture reached the end where it is disabled: then the other one.
    const atEnd = left ? to === 0 : to === pictures.length - 1;
    focusNext.current = controlId(to, left !== atEnd ? 'left' : 'right');
    setErrors({});
    reorder.mutate({ ...ref, images: moveRow(pictures, index, by) });
  };
  const removeAt = (index: number) => {
    if (busy) return;
    const left = pictures.length - 1;
    focusNext.current = left === 0 ? fileId : controlId(Math.min(index, left - 1), 'remove');
    setErrors({});
    remove.mutate({ ...ref, index });
  };
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared at once: choosing the same file again is another upload.
    e.target.value = '';
    if (!file || busy) return;
    if (file.type && !file.type.startsWith('image/')) return setErrors({ image: t`Please choose an image file` });
    if (file.size > PICTURE_LIMIT_BYTES) return setErrors({ image: t`Images may be at most 5 MB` });
    setErrors({});
    focusNext.current = fileId;
    add.mutate({ ...ref, file });
  };

  const busyProps = { 'aria-disabled': busy || undefined };
  return (
    <fieldset className="rounded-lg bg-stone-50 p-3" aria-busy={busy || undefined}>
      <legend className="px-1 text-sm font-semibold text-stone-900">{colour}</legend>
      {pictures.length === 0 ? (
        <p className="text-sm text-stone-600">
          <Trans>No pictures yet: the product's own are shown for this colour.</Trans>
        </p>
      ) : (
        <ol className="flex flex-wrap gap-3" aria-label={t`Pictures of ${colour}`}>
          {pictures.map((path, index) => {
            const n = index + 1;
            return (
              <li key={path} className="flex flex-col items-center gap-1" data-testid="colour-picture">
                <ProductImage path={path} alt={t`${colour}, picture ${n}`} width={80} height={100} className="h-25 w-20 rounded-md ring-1 ring-stone-200" />
                <div className="flex">
                  <button
                    type="button"
                    id={controlId(index, 'left')}
                    className={`${btn.icon} ${BUSY}`}
                    disabled={index === 0}
                    {...busyProps}
                    onClick={() => move(index, -1)}
                    aria-label={t`Move picture ${n} of ${colour} left`}
                  >
                    <ChevronLeftIcon size={18} />
                  </button>
                  <button
                    type="button"
                    id={controlId(index, 'right')}
                    className={`${btn.icon} ${BUSY}`}
                    disabled={index === pictures.length - 1}
                    {...busyProps}
                    onClick={() => move(index, 1)}
                    aria-label={t`Move picture ${n} of ${colour} right`}
                  >
                    <ChevronRightIcon size={18} />
                  </button>
                  <button
                    type="button"
                    id={controlId(index, 'remove')}
                    className={`${btn.icon} ${BUSY} text-red-700`}
                    {...busyProps}
                    onClick={() => removeAt(index)}
                    aria-label={t`Remove picture ${n} of ${colour}`}
                  >
                    <TrashIcon size={18} />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {errors.images && (
        <p className={field.error} role="alert">
          {errors.images}
        </p>
      )}
      <Field
        id={fileId}
        label={t`Add a picture of ${colour}`}
        hint={add.isPending ? t`Adding the picture…` : t`PNG, JPEG, GIF or WebP of at most 5 MB; up to 8 pictures per colour.`}
        error={errors.image}
        announceError
        className="mt-3"
      >
        {(control) => <input {...control} type="file" accept="image/*" onChange={onFile} disabled={busy} className={field.input} />}
      </Field>
    </fieldset>
  );
}
