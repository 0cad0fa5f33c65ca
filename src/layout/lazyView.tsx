import { LinearProgress } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';

/** A page or resource view loaded when first shown (a chunk of its own), with the portal's progress bar meanwhile. */
export function lazyView<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): ComponentType<Props> {
  const View = lazy(load);
  return function LazyView(props: Props) {
    return (
      <Suspense fallback={<LinearProgress />}>
        <View {...props} />
      </Suspense>
    );
  };
}

/** lazyView for a module's named export (resource views are named exports). */
export function lazyNamed<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): ComponentType<object> {
  return lazyView(() => load().then((module) => ({ default: module[name] as ComponentType<object> })));
}
