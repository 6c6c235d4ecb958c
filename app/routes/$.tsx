import { NotFoundPage } from "~/components/error-pages";
import { notFound } from "~/lib/not-found";

/** Any path no other route matches: a real 404 status, rendered by the root error boundary. */
export function loader(): never {
  notFound();
}

export const action = loader;

export default function UnknownPath() {
  return <NotFoundPage />;
}
