import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { Modal } from '@/components/ui/Modal';

/** The new user's temporary password, shown once, with a copy button. */
export function TemporaryPasswordDialog({ name, password, onClose }: { name: string; password: string; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Modal title={t`Temporary password`} onClose={onClose} size="sm">
      <p className="text-stone-700">
        <Trans>Give this password to {name}. It is shown only once; they will be asked to change it after their first login.</Trans>
      </p>
      <div className="mt-4 flex items-center gap-2">
        <code data-testid="temporary-password" className="flex-1 break-all rounded-lg bg-stone-100 px-3 py-2.5 font-mono text-stone-900 ring-1 ring-stone-300">
          {password}
        </code>
        <button type="button" className={btn.secondary} onClick={() => void copy()} data-autofocus>
          <Trans>Copy</Trans>
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-stone-700">
        {copied === 'yes' ? t`Copied to clipboard` : copied === 'no' ? t`Could not copy; select the password and copy it by hand` : ''}
      </p>
      <div className="mt-4 flex justify-end">
        <button type="button" className={btn.primary} onClick={onClose}>
          <Trans>Done</Trans>
        </button>
      </div>
    </Modal>
  );
}
