import { ActionIcon, Group, Text } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** The spec's toast timeout. */
export const TOAST_TIMEOUT_MS = 1000;

/** A short notice in a live region that clears itself after the toast timeout. */
export function useCopyNotice(): [string, (message: string) => void] {
  const [notice, setNotice] = useState("");
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(""), TOAST_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice];
}

export function CopyNotice({ notice }: { notice: string }) {
  return (
    <Text role="status" size="sm" className="portal-copy-notice" data-shown={notice ? "true" : "false"}>
      {notice}
    </Text>
  );
}

/** The VIN as selectable text; with JavaScript a copy button too ('{Vin} number copied.'). */
export function VinCopy({ vin }: { vin: string }) {
  const hydrated = useHydrated();
  const [notice, setNotice] = useCopyNotice();
  return (
    <Group gap={4} wrap="nowrap">
      <Text component="span" fw={600} ff="monospace" style={{ userSelect: "all" }}>
        {vin || "N/A"}
      </Text>
      {hydrated && vin ? (
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label="Copy VIN"
          title="Copy VIN"
          onClick={() => {
            void navigator.clipboard.writeText(vin).then(() => setNotice(`${vin} number copied.`));
          }}
        >
          <IconCopy size={16} />
        </ActionIcon>
      ) : null}
      <CopyNotice notice={notice} />
    </Group>
  );
}
