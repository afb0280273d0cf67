/** Add New Product / Edit Product: the product form in a modal. */
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { serverFieldErrors } from '@/components/forms/use-form-fields';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/lib/toast';
import { useCreateProduct, useUpdateProduct } from '@/lib/api/products';
import { imageUrl } from '@/lib/product';
import type { Product } from '@/lib/types';
import { CheckboxField, CountField, DialogFormActions, MoneyField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { adminErrorMessage, logError } from '../../lib/errors';
import { useAdminForm } from '../../lib/use-admin-form';
import { categoryName, PRODUCT_CATEGORIES } from '../../lib/names';
import { emptyProductForm, ownPicture, PRODUCT_FIELDS, productFormFrom, toProductInput, validateProductForm } from '../product-form';
import { ColourPictures } from './ColourPictures';
import { VariantGrid } from './VariantGrid';

const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

export function ProductFormModal({
  product,
  onClose,
  onSaved,
}: {
  /** The product to edit; none for a new one. */
  product: Product | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const editing = Boolean(product);
  const { values: form, errors, set, bind, showErrors, addErrors } = useAdminForm(() => (product ? productFormFrom(product) : emptyProductForm()));
  // The product's own picture: `image` is the cover, the first colour's picture when a colour has some.
  const [preview, setPreview] = useState<string | null>(() => {
    const own = product && ownPicture(product);
    return own ? imageUrl(own) : null;
  });

  // A chosen picture's preview is an object URL (made in onImage), freed once another replaces it or the form closes.
  useEffect(() => {
    if (!preview?.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const onError = (fallback: string) => (err: unknown) => {
    logError(fallback, err);
    addErrors(serverFieldErrors(err, PRODUCT_FIELDS));
    toast.error(adminErrorMessage(err, fallback));
  };
  const create = useCreateProduct({
    onSuccess: () => {
      toast.success(t`Product created successfully`);
      onSaved();
    },
    onError: onError(t`Failed to create product`),
  });
  const update = useUpdateProduct({
    onSuccess: () => {
      toast.success(t`Product updated successfully`);
      onSaved();
    },
    onError: onError(t`Failed to update product`),
  });
  const busy = create.isPending || update.isPending;

  const onImage = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file && file.type && !file.type.startsWith('image/')) {
      e.target.value = '';
      addErrors({ image: t`Please choose an image file` });
      return;
    }
    set('image', file);
    if (file && canPreview()) setPreview(URL.createObjectURL(file));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateProductForm(form);
    showErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    const input = toProductInput(form, product ?? undefined);
    if (product) update.mutate({ id: product._id, input });
    else create.mutate(input);
  };

  return (
    <Modal title={editing ? t`Edit Product` : t`Add New Product`} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={editing ? t`Edit Product` : t`Add New Product`}>
        <TextField label={t`Name`} {...bind('name')} className="sm:col-span-2" data-autofocus />
        <SelectField label={t`Category`} {...bind('category')}>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryName(c)}
            </option>
          ))}
        </SelectField>
        <MoneyField label={t`Price`} {...bind('price')} hint={t`Selling price after discount, in dollars`} />
        <TextAreaField label={t`Description`} {...bind('description')} rows={3} className="sm:col-span-2" />
        {/* With sizes the stock is theirs (the grid's total). */}
        {form.variants.length === 0 && <CountField label={t`Stock`} {...bind('stock')} />}
        <TextField label={t`Discount (%)`} {...bind('discount')} type="number" inputMode="decimal" min={0} max={100} />
        <TextField label={t`Tags`} {...bind('tags')} hint={t`Comma-separated, e.g. new, dress, summer`} className="sm:col-span-2" />
        <VariantGrid rows={form.variants} error={errors.variants} onChange={(rows) => set('variants', rows)} />
        <div className="sm:col-span-2">
          <TextField
            label={t`Image`}
            name="image"
            type="file"
            accept="image/*"
            onChange={onImage}
            error={errors.image}
            hint={editing ? t`Choose a file to replace the current picture` : undefined}
          />
          {preview && (
            <img src={preview} alt={t`Image preview`} width={128} height={128} className="mt-3 h-32 w-32 rounded-lg object-cover ring-1 ring-stone-200" />
          )}
        </div>
        <ColourPictures product={product} />
        <CheckboxField label={t`Featured product`} name="isFeatured" checked={form.isFeatured} onChange={(e) => set('isFeatured', e.target.checked)} />
        <DialogFormActions busy={busy} label={editing ? t`Update` : t`Create`} onCancel={onClose} />
      </form>
    </Modal>
  );
}
