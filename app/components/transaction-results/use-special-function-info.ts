import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { specialFunctionInfoUrl } from "~/modules/transaction-results/links";
import { parseScriptNumber, type SpecialFunctionInfo, type SpecialFunctionInfoAnswer } from "~/modules/transaction-results/special-function-info";
import type { OpenSpecialFunction } from "~/modules/transaction-results/view-results";

export interface SpecialFunctionPanels {
  /** The script number whose panel is open (one at a time). */
  expanded: string | null;
  /** True while an info is being loaded; the other panels wait. */
  loading: boolean;
  /** The loaded info (null: none published), or undefined while not loaded. */
  infoOf(scriptNumber: string): SpecialFunctionInfo | null | undefined;
  toggle(scriptNumber: string): void;
}

/**
 * The special functions' info panels with JavaScript: opening one loads its info on demand from
 * the info route with one fetcher, so only one loads at a time. The server may have rendered one
 * open already (?sf=), with its info.
 */
export function useSpecialFunctionPanels(scanRequestId: number, initial: OpenSpecialFunction | null): SpecialFunctionPanels {
  const fetcher = useFetcher<SpecialFunctionInfoAnswer>();
  const [expanded, setExpanded] = useState<string | null>(initial?.scriptNumber ?? null);
  const [answers, setAnswers] = useState<Record<string, SpecialFunctionInfo | null>>(initial ? { [initial.scriptNumber]: initial.info } : {});
  const loading = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (answer) setAnswers((known) => ({ ...known, [answer.scriptNumber]: answer.info }));
  }, [fetcher.data]);

  return {
    expanded,
    loading,
    infoOf: (scriptNumber) => (Object.hasOwn(answers, scriptNumber) ? answers[scriptNumber] : parseScriptNumber(scriptNumber) === null ? null : undefined),
    toggle(scriptNumber) {
      if (expanded === scriptNumber) {
        setExpanded(null);
        return;
      }
      if (loading) return;
      setExpanded(scriptNumber);
      if (!Object.hasOwn(answers, scriptNumber) && parseScriptNumber(scriptNumber) !== null) {
        fetcher.load(specialFunctionInfoUrl(scanRequestId, scriptNumber));
      }
    },
  };
}
