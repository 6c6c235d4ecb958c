import { NotFoundPage } from "~/components/error-pages";
import { notFound } from "~/lib/not-found";

/**
 * "/" (the spec's main route) sends signed-in users on to their landing page once sign-in and
 * the grids exist. Without them there is nothing at "/", and saying so with the 404 page beats
 * an empty 200 (without an index route "/" would match the bare root layout, not the splat).
 */
export function loader(): never {
  notFound();
}

export default function Main() {
  return <NotFoundPage />;
}
