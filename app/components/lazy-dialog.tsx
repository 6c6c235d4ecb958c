import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";

/**
 * A dialog whose code is loaded when it is first opened, not with the page. Once loaded it stays
 * mounted, closed or open, so the work it started (a bulk action's POST) goes on and opens its
 * outcome after the dialog has closed.
 */
export function lazyDialog<Props extends { opened: boolean }>(load: () => Promise<ComponentType<Props>>) {
  // The loaded dialog takes exactly the props given here; typed loosely for lazy()'s own signature.
  const Loaded = lazy(async () => ({ default: (await load()) as ComponentType<{ opened: boolean }> }));
  return function LazyDialog(props: Props) {
    const [wanted, setWanted] = useState(props.opened);
    useEffect(() => {
      if (props.opened) setWanted(true);
    }, [props.opened]);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
