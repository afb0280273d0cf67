import { describe, expect, it, vi } from 'vitest';
import { fireEvent, renderHook } from '@/testing/test-utils';
import { useDismiss } from '../use-dismiss';

/** A button that opened a popup, and the popup, in the page. */
function popup() {
  const button = document.body.appendChild(document.createElement('button'));
  const panel = document.body.appendChild(document.createElement('div'));
  const item = panel.appendChild(document.createElement('a'));
  return { button: { current: button }, panel: { current: panel }, item };
}

describe('useDismiss', () => {
  it('closes on Escape and gives the focus back to the button that opened it', () => {
    const { button } = popup();
    const setOpen = vi.fn();
    renderHook(() => useDismiss(true, setOpen, button));
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(setOpen).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(setOpen).toHaveBeenCalledWith(false);
    expect(button.current).toHaveFocus();
  });

  it('closes on a press outside the popup, not inside it', () => {
    const { button, panel, item } = popup();
    const setOpen = vi.fn();
    renderHook(() => useDismiss(true, setOpen, button, panel));
    fireEvent.mouseDown(item);
    expect(setOpen).not.toHaveBeenCalled();
    fireEvent.mouseDown(document.body);
    expect(setOpen).toHaveBeenCalledWith(false);
  });

  it('without `inside`, a press anywhere leaves it open', () => {
    const { button } = popup();
    const setOpen = vi.fn();
    renderHook(() => useDismiss(true, setOpen, button));
    fireEvent.mouseDown(document.body);
    expect(setOpen).not.toHaveBeenCalled();
  });

  it('listens only while open', () => {
    const { button, panel } = popup();
    const setOpen = vi.fn();
    const { rerender, unmount } = renderHook(({ open }) => useDismiss(open, setOpen, button, panel), {
      initialProps: { open: false },
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(document.body);
    expect(setOpen).not.toHaveBeenCalled();
    rerender({ open: true });
    unmount();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(setOpen).not.toHaveBeenCalled();
  });
});
