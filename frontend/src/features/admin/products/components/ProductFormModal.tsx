/** Add New Product / Edit Product: the product form in a modal. */
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { btn } from '@/components/ui/styles';
import { useCreateProduct, useUpdateProduct } from '@/lib/api/products';
import { imageUrl } from '@/lib/product';
import type { Product } from '@/lib/types';
import { capitalize } from '@/lib/format';
import { TextField, SelectField, TextAreaField } from '../../components/fields';
import { Modal } from '../../components/Modal';
import { adminErrorMessage, logError, serverFieldErrors } from '../../lib/errors';
import {
  emptyProductForm,
  PRODUCT_CATEGORIES,
  PRODUCT_FIELDS,
  productFormFrom,
  toProductInput,
  validateProductForm,
  type ProductErrors,
  type ProductField,
  type ProductForm,
} from '../product-form';
import type { VariantRow } from '../variant-rows';
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
  const editing = Boolean(product);
  const [form, setForm] = useState<ProductForm>(() => (product ? productFormFrom(product) : emptyProductForm()));
  const [errors, setErrors] = useState<ProductErrors>({});
  const [preview, setPreview] = useState<string | null>(product?.image ? imageUrl(product.image) : null);

  // A chosen picture's preview is an object URL (made in onImage), freed once another replaces it or the form closes.
  useEffect(() => {
    if (!preview?.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const onError = (fallback: string) => (err: unknown) => {
    logError(fallback, err);
    setErrors((e) => ({ ...e, ...serverFieldErrors(err, PRODUCT_FIELDS) }));
    toast.error(adminErrorMessage(err, fallback));
  };
  const create = useCreateProduct({
    onSuccess: () => {
      toast.success('Product created successfully');
      onSaved();
    },
    onError: onError('Failed to create product'),
  });
  const update = useUpdateProduct({
    onSuccess: () => {
      toast.success('Product updated successfully');
      onSaved();
    },
    onError: onError('Failed to update product'),
  });
  const busy = create.isPending || update.isPending;

  const clear = (f: ProductField) => {
    if (errors[f]) setErrors(({ [f]: _cleared, ...rest }) => rest);
  };
  const set =
    (f: Exclude<ProductField, 'image' | 'variants'>) =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setForm((s) => ({ ...s, [f]: value }));
      clear(f);
    };
  const setVariants = (variants: VariantRow[]) => {
    setForm((s) => ({ ...s, variants }));
    clear('variants');
  };
  const onImage = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file && file.type && !file.type.startsWith('image/')) {
      e.target.value = '';
      setErrors((errs) => ({ ...errs, image: 'Please choose an image file' }));
      return;
    }
    setForm((s) => ({ ...s, image: file }));
    if (file && canPreview()) setPreview(URL.createObjectURL(file));
    clear('image');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateProductForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    const input = toProductInput(form, product ?? undefined);
    if (product) update.mutate({ id: product._id, input });
    else create.mutate(input);
  };

  return (
    <Modal title={editing ? 'Edit Product' : 'Add New Product'} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={editing ? 'Edit Product' : 'Add New Product'}>
        <TextField label="Name" name="name" value={form.name} onChange={set('name')} error={errors.name} className="sm:col-span-2" data-autofocus />
        <SelectField label="Category" name="category" value={form.category} onChange={set('category')} error={errors.category}>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {capitalize(c)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Price"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={form.price}
          onChange={set('price')}
          error={errors.price}
          hint="Selling price after discount, in dollars"
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          value={form.description}
          onChange={set('description')}
          error={errors.description}
          className="sm:col-span-2"
        />
        {/* With sizes the stock is theirs (the grid's total). */}
        {form.variants.length === 0 && (
          <TextField label="Stock" name="stock" type="number" inputMode="numeric" min={0} step={1} value={form.stock} onChange={set('stock')} error={errors.stock} />
        )}
        <TextField
          label="Discount (%)"
          name="discount"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          value={form.discount}
          onChange={set('discount')}
          error={errors.discount}
        />
        <TextField
          label="Tags"
          name="tags"
          value={form.tags}
          onChange={set('tags')}
          error={errors.tags}
          hint="Comma-separated, e.g. new, dress, summer"
          className="sm:col-span-2"
        />
        <VariantGrid rows={form.variants} error={errors.variants} onChange={setVariants} />
        <div className="sm:col-span-2">
          <TextField
            label="Image"
            name="image"
            type="file"
            accept="image/*"
            onChange={onImage}
            error={errors.image}
            hint={editing ? 'Choose a file to replace the current picture' : undefined}
          />
          {preview && (
            <img src={preview} alt="Image preview" width={128} height={128} className="mt-3 h-32 w-32 rounded-lg object-cover ring-1 ring-stone-200" />
          )}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-2">
          <input
            type="checkbox"
            name="isFeatured"
            checked={form.isFeatured}
            onChange={(e) => setForm((s) => ({ ...s, isFeatured: e.target.checked }))}
            className="h-4 w-4 rounded border-stone-400 accent-brand-700"
          />
          Featured product
        </label>
        <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:col-span-2 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Update' : 'Create'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
