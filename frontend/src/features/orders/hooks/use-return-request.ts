import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import type { OrderReturn } from '@/lib/types';

/**
 * The return request form of an order's page: open or closed (closing gives the focus back to
 * the button that opens it), and the return just requested, whose heading then takes the focus.
 */
export function useReturnRequest() {
  const { t } = useLingui();
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);

  // The new return's heading takes the focus, so its status is read out where it now is.
  useEffect(() => {
    if (created) document.getElementById(`return-${created}`)?.focus();
  }, [created]);

  const close = () => {
    setFormOpen(false);
    openButton.current?.focus();
  };

  return {
    formOpen,
    /** The id of the return requested on this page, if one was. */
    created,
    openButton,
    toggle: () => (formOpen ? close() : setFormOpen(true)),
    close,
    done: (ret: OrderReturn) => {
      toast.success(t`Return requested`);
      setFormOpen(false);
      setCreated(ret._id);
    },
  };
}
