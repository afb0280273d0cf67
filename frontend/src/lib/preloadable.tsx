/**
 * React.lazy that can be loaded ahead of its first render. A lazy component suspends on its
 * first render even when its code is already in the browser, and in React 19 a Suspense
 * boundary that showed its fallback holds the next content back for up to 300 ms: the admin
 * area and its page, two lazy modules one inside the other, cost an admin page's first rows
 * over half a second that way. Once `preload()` has resolved, the component renders at once.
 */
import { lazy, type ComponentProps, type ComponentType } from 'react';

/** A lazily loaded module whose default export is a component (any props, as React.lazy types it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy and ComponentProps take ComponentType<any>; no narrower type accepts every page
type ComponentModule = { default: ComponentType<any> };

export type Preloadable<M extends ComponentModule> = ComponentType<ComponentProps<M['default']>> & {
  /** Loads the module (once) and answers it. */
  preload: () => Promise<M>;
};

export function preloadable<M extends ComponentModule>(load: () => Promise<M>): Preloadable<M> {
  type Props = ComponentProps<M['default']>;
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<M> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default as ComponentType<Props>;
      return module;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<Props> })));
  const Component = (props: Props) => {
    const Loaded = (loaded ?? Lazy) as ComponentType<object>;
    return <Loaded {...(props as object)} />;
  };
  return Object.assign(Component, { preload });
}
