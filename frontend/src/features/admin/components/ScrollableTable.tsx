import type { ReactNode } from 'react';

/**
 * An admin table in a box that scrolls sideways when the table is wider than the screen.
 * The box is a named region in the tab order (`tabIndex=0`), so keyboard users can reach it
 * and scroll it with the arrow keys, and screen readers say what it holds (WCAG 2.1.1; axe's
 * scrollable-region-focusable). The focus outline is the global `:focus-visible` one.
 */
export function ScrollableTable({
  name,
  className = '',
  tableClassName,
  children,
}: {
  /**
   * What the table lists, e.g. 'Orders': its (visually hidden) caption; the region is
   * '<name> table', so it never repeats the name of a section around it.
   */
  name: string;
  /** Classes of the scrolling box (spacing, the card look). */
  className?: string;
  tableClassName: string;
  /** The table's head and body. */
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={`${name} table`} tabIndex={0} className={`overflow-x-auto ${className}`}>
      <table className={tableClassName}>
        <caption className="sr-only">{name}</caption>
        {children}
      </table>
    </div>
  );
}
