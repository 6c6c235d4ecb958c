import { ErrorContent } from "~/components/error-pages";
import type { ShellData } from "~/modules/shell/shell-data.server";
import { AppShell } from "./app-shell";

/**
 * An error page inside the signed-in shell (top bar, drawer, footer), so a signed-in user who meets
 * a 404 keeps their way around; without the shell's data (signed out, the database down) the bare
 * page.
 */
export function ShellErrorPage({ error, shell }: { error: unknown; shell: Pick<ShellData, "user" | "areas" | "analytics"> | undefined }) {
  if (!shell) return <ErrorContent error={error} />;
  return (
    <AppShell pageTitle={undefined} user={shell.user} areas={shell.areas} dialog={null} analytics={shell.analytics}>
      <ErrorContent error={error} inShell />
    </AppShell>
  );
}
