import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";

/**
 * A dialog whose code is loaded when it is first opened, not with the page. Once loaded it stays
 * mounted, closed or open, so the work it started (a bulk action's POST) goes on and opens its
 * outcome after the dialog has closed.
 */
export function lazyDialog<Props extends { opened: boolean }>(load: () => Promise<ComponentType<Props>>) {
  // The loaded dialog takes exactly the props given here; typed loosely for lazy()'s own signature.
  const Loaded = lazy(async () => ({ default: (await load()) as ComponentType<{ opened: boolean }> }));

  /**
   * Mantine's Modal notes the element to give the focus back to when `opened` turns true; a modal
   * mounted open notes nothing, and closing it the first time left the keyboard user at the top
   * of the page. So the loaded dialog mounts closed and opens right after.
   */
  function OpenedOnceMounted(props: Props) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    return <Loaded {...props} opened={props.opened && mounted} />;
  }

  return function LazyDialog(props: Props) {
    const [wanted, setWanted] = useState(props.opened);
    useEffect(() => {
      if (props.opened) setWanted(true);
    }, [props.opened]);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <OpenedOnceMounted {...props} />
      </Suspense>
    );
  };
}
